/**
 * `npm run migrate`: applies the pending migrations of the database DATABASE_URL names, without
 * starting the server (the stores' own open-and-migrate code, so it is exactly what a start does),
 * prints what it did and exits 0. A database whose schema is newer than this version is refused
 * untouched (exit 1), as the server refuses it. Take a backup first (docs/operations.md#upgrading).
 */
import { DEFAULT_DATABASE_URL } from '../config';
import { commandConnection, openStore } from '../store/open-store';
import type { Migrated } from '../store/schema-check';

/** The database as a person would name it: the SQLite path, or PostgreSQL's host, database and schema (never the password). */
export function describeDatabase(url: string): string {
  if (url.startsWith('sqlite:')) return url.slice('sqlite:'.length);
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema');
  return `postgres ${parsed.host}${parsed.pathname}${schema ? ` (schema ${schema})` : ''}`;
}

export function migrationReport(where: string, m: Migrated): string {
  if (m.to === m.from) return `nothing to migrate: ${where} is at schema version ${m.to}`;
  const n = m.to - m.from;
  return `migrated ${where}: schema version ${m.from} → ${m.to} (${n} migration${n === 1 ? '' : 's'} applied)`;
}

async function main(): Promise<number> {
  const databaseUrl = process.env['DATABASE_URL'] || DEFAULT_DATABASE_URL;
  if (!databaseUrl.startsWith('sqlite:') && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    process.stderr.write('migrate: DATABASE_URL: use sqlite:<path> or postgres://…\n');
    return 2;
  }
  let migrated: Migrated | null = null;
  const store = await openStore(
    {
      databaseUrl,
      ...commandConnection(process.env),
      sqliteSynchronous: 'FULL',
      groupCommit: false,
      migrate: true,
    },
    (m) => (migrated = m),
  );
  await store.close();
  if (migrated === null) throw new Error('the store reported no migration step');
  process.stdout.write(`${migrationReport(describeDatabase(databaseUrl), migrated)}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`migrate: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
