/**
 * `npm run restore` on PostgreSQL. The archive is checked first (pg_restore reads its table of
 * contents; its schema version and snapshot time are read from its data without restoring
 * anything). Then, holding the serving lock exclusively (refused while any server has the schema
 * open), ONE transaction drops the schema, recreates it from the archive and gives it a new epoch
 * and the backup's snapshot time: psql runs pg_restore's script with `--single-transaction`, so a
 * failure anywhere leaves the database as it was.
 */
import pg from 'pg';
import { POSTGRES_MIGRATIONS, quoteIdent } from '../store/postgres-schema';
import { tryExclusiveServingLock } from '../store/postgres-serving-lock';
import { BackupRefused, newerSchema, type RestoreResult } from './backup-errors';
import { postgresTarget } from './postgres-backup';
import { runPsqlScript, runTool } from './pg-tools';
import { newEpoch } from './sqlite-restore';

/** One table's rows from the archive, as COPY text lines, and the schema the archive names. */
async function archivedRows(
  file: string,
  table: string,
): Promise<{ schema: string; rows: string[][] } | null> {
  const { stdout } = await runTool('pg_restore', [
    '--data-only',
    `--table=${table}`,
    '--file=-',
    file,
  ]);
  const lines = stdout.split('\n');
  const start = lines.findIndex((l) => l.startsWith('COPY '));
  if (start < 0) return null;
  const header = /^COPY (?:"?([a-z_][a-z0-9_]*)"?)\./.exec(lines[start] ?? '');
  const rows: string[][] = [];
  for (const line of lines.slice(start + 1)) {
    if (line === '\\.') break;
    rows.push(line.split('\t'));
  }
  return { schema: header?.[1] ?? '', rows };
}

const unCopy = (value: string | undefined): string | null =>
  value === undefined || value === '\\N' ? null : value;

/** Checks the archive; returns the schema it holds and its snapshot time. */
async function checkArchive(file: string): Promise<{ schema: string; takenAt: string }> {
  try {
    await runTool('pg_restore', ['--list', file]);
  } catch (error) {
    if (error instanceof BackupRefused && /not found on this machine/.test(error.message)) {
      throw error;
    }
    throw new BackupRefused(
      `${file} is not a readable pg_dump archive: ${(error as Error).message}`,
    );
  }
  const migrations = await archivedRows(file, 'schema_migrations');
  if (migrations === null) throw new BackupRefused(`${file} is not a Stockroom backup`);
  const version = Math.max(0, ...migrations.rows.map((r) => Number(r[0])));
  if (version > POSTGRES_MIGRATIONS.length) throw newerSchema(version, POSTGRES_MIGRATIONS.length);
  const identity = await archivedRows(file, 'database_identity');
  // Columns: id, epoch, restored_from_taken_at, backup_taken_at.
  const takenAt = unCopy(identity?.rows[0]?.[3]);
  if (takenAt === null) {
    throw new BackupRefused(`${file} was not made by npm run backup (it has no snapshot time)`);
  }
  return { schema: migrations.schema, takenAt };
}

async function* script(
  file: string,
  schema: string,
  epoch: string,
  takenAt: string,
): AsyncIterable<string> {
  const s = quoteIdent(schema);
  // The whole archive is read before psql sees a line, so a pg_restore that fails has dropped nothing.
  const { stdout } = await runTool('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--file=-',
    file,
  ]);
  yield `DROP SCHEMA IF EXISTS ${s} CASCADE;\nCREATE SCHEMA ${s};\n`;
  // The schema was made just above (pg_dump names it for every schema but public).
  yield stdout.replace(new RegExp(`^CREATE SCHEMA ${s.replace(/"/g, '"?')};$`, 'm'), '');
  yield `\nUPDATE ${s}.database_identity SET epoch = '${epoch}', restored_from_taken_at = '${takenAt}', backup_taken_at = NULL WHERE id = 1;\n`;
  // A claim the backup caught belongs to a worker of a process that is gone (a restore refuses
  // while a server runs): freed, the next worker delivers those rows now, not when it lapses.
  yield `UPDATE ${s}.export_outbox SET claimed_until = 0 WHERE delivered_at IS NULL;\n`;
}

export async function restorePostgres(databaseUrl: string, file: string): Promise<RestoreResult> {
  const { url, schema } = postgresTarget(databaseUrl);
  await runTool('psql', ['--version']);
  const archive = await checkArchive(file);
  if (archive.schema !== schema) {
    throw new BackupRefused(
      `${file} holds schema "${archive.schema}", but DATABASE_URL names schema "${schema}": ` +
        `restore it with ?schema=${archive.schema}`,
    );
  }
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(archive.takenAt)) {
    throw new BackupRefused(`${file} has an unreadable snapshot time`);
  }
  const client = new pg.Client({ connectionString: url, application_name: 'stockroom-restore' });
  await client.connect();
  try {
    if (!(await tryExclusiveServingLock(client, schema))) {
      throw new BackupRefused(
        `a server is using schema "${schema}": stop it (every process of it) before restoring`,
      );
    }
    const epoch = newEpoch();
    await runPsqlScript(url, script(file, schema, epoch, archive.takenAt));
    return { file, takenAt: archive.takenAt, epoch, keptAs: null };
  } finally {
    await client.end();
  }
}
