/**
 * `npm run backup -- FILE`: a consistent copy of the database DATABASE_URL names, taken while the
 * server runs (src/server/backup). Prints one line and exits 0, or a message and exits 1.
 * The server's scheduled backups (BACKUP_DIR) run this same program as a child process.
 */
import { backupLine } from '../backup/backup-errors';
import { databaseUrlOf, takeBackup } from '../backup/backup-and-restore';

const USAGE = 'usage: npm run backup -- FILE';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || !args[0] || args[0].startsWith('-')) {
    process.stderr.write(`backup: ${USAGE}\n`);
    return 2;
  }
  const result = await takeBackup(databaseUrlOf(process.env), args[0]);
  process.stdout.write(`${backupLine({ ...result, file: args[0] })}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`backup: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
