/**
 * `npm run restore -- FILE`: replaces the database DATABASE_URL names with a backup made by
 * `npm run backup`, after checking it, and only while no server uses the database
 * (src/server/backup). The restored database gets a new epoch. Exit 0, or a message and exit 1.
 */
import { restoreLine } from '../backup/backup-errors';
import { databaseUrlOf, restoreBackup } from '../backup/backup-and-restore';

const USAGE = 'usage: npm run restore -- FILE';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || !args[0] || args[0].startsWith('-')) {
    process.stderr.write(`restore: ${USAGE}\n`);
    return 2;
  }
  const result = await restoreBackup(databaseUrlOf(process.env), args[0]);
  process.stdout.write(`${restoreLine(result)}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`restore: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
