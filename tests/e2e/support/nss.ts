/**
 * A home folder whose NSS database trusts one certificate authority: what a phone (or a desktop
 * Chromium on Linux, which reads $HOME/.pki/nssdb) has after its owner installed the shop's root
 * certificate. No certificate-error switch anywhere: the browser verifies as it always does.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A new empty home (no certificate trusted beyond the built-in ones). */
export function emptyHome(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'stockroom-home-'));
}

/** A new home whose NSS database trusts the authority in `rootCertPath` to name web sites. */
export async function homeTrusting(rootCertPath: string, nickname: string): Promise<string> {
  const home = await emptyHome();
  const db = `sql:${join(home, '.pki/nssdb')}`;
  await mkdir(join(home, '.pki/nssdb'), { recursive: true });
  await run('certutil', ['-N', '-d', db, '--empty-password']);
  // C,, : a trusted authority for TLS servers (nothing for mail or code signing).
  await run('certutil', ['-A', '-d', db, '-n', nickname, '-t', 'C,,', '-i', rootCertPath]);
  return home;
}
