/**
 * The lease-signing secret. Production sets STOCKROOM_SECRET (and STOCKROOM_SECRET_PREVIOUS during a
 * rotation). In development the server makes one once and keeps it beside the SQLite database, so a
 * restart still verifies the leases it issued before. A secret file that is empty or shorter than
 * 32 bytes stops the server in every mode: nothing is ever signed with a weak key.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ConfigError, MIN_SECRET_BYTES, type Config } from './config';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from './private-files';

export function leaseSecrets(config: Config): string[] {
  const current = config.secret ?? developmentSecret(config.databaseUrl);
  return config.previousSecret ? [current, config.previousSecret] : [current];
}

function developmentSecret(databaseUrl: string): string {
  const path = databaseUrl.replace(/^sqlite:/, '');
  if (path === ':memory:') return randomBytes(32).toString('base64url');
  const file = join(dirname(path), 'stockroom.secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (Buffer.byteLength(secret) < MIN_SECRET_BYTES) {
      throw new ConfigError(
        `Stockroom cannot start:\n- the secret file ${file} is ${secret === '' ? 'empty' : `shorter than ${MIN_SECRET_BYTES} bytes`}; ` +
          `write a secret of at least ${MIN_SECRET_BYTES} bytes into it (openssl rand -base64 48), ` +
          'or delete it to have a new one made (leases issued with the old one then need renewing)',
      );
    }
    return secret;
  }
  ensurePrivateDir(dirname(file));
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  chmodSync(file, PRIVATE_FILE_MODE); // whatever the umask
  return secret;
}
