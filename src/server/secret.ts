/**
 * The lease-signing secret. Production sets STOCKROOM_SECRET (and STOCKROOM_SECRET_PREVIOUS during a
 * rotation). In development the server makes one once and keeps it beside the SQLite database, so a
 * restart still verifies the leases it issued before.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Config } from './config';

export function leaseSecrets(config: Config): string[] {
  const current = config.secret ?? developmentSecret(config.databaseUrl);
  return config.previousSecret ? [current, config.previousSecret] : [current];
}

function developmentSecret(databaseUrl: string): string {
  const path = databaseUrl.replace(/^sqlite:/, '');
  if (path === ':memory:') return randomBytes(32).toString('base64url');
  const file = join(dirname(path), 'stockroom.secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
