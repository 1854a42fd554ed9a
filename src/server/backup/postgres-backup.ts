/**
 * `npm run backup` on PostgreSQL: `pg_dump --format=custom` of Stockroom's schema (the `?schema=`
 * of DATABASE_URL, else public), with this machine's pg_dump. The snapshot is one this command
 * exports and hands to pg_dump (`--snapshot`), so the count it prints and the dump are the same
 * moment. Its time is written into the database (`database_identity.backup_taken_at`) and
 * committed just before the snapshot, so the dump carries it and the restore knows it: every
 * change committed before that time is in the dump.
 */
import { rename, rm } from 'node:fs/promises';
import pg from 'pg';
import { splitSchema } from '../store/postgres-store';
import { quoteIdent } from '../store/postgres-schema';
import { BackupRefused, type BackupResult } from './backup-errors';
import { fsyncFile } from './fsync';
import { connectionFor, runTool } from './pg-tools';

export function postgresTarget(databaseUrl: string): { url: string; schema: string } {
  const { url, schema } = splitSchema(databaseUrl);
  const name = schema ?? 'public';
  quoteIdent(name);
  return { url, schema: name };
}

export async function backupPostgres(
  databaseUrl: string,
  file: string,
  now: () => number = Date.now,
): Promise<BackupResult> {
  const { url, schema } = postgresTarget(databaseUrl);
  // Before anything else: a machine without pg_dump hears so at once.
  await runTool('pg_dump', ['--version']);
  const client = new pg.Client({ connectionString: url, application_name: 'stockroom-backup' });
  await client.connect();
  const partial = `${file}.partial-${process.pid}`;
  try {
    const s = quoteIdent(schema);
    const takenAt = new Date(now()).toISOString();
    try {
      await client.query(`UPDATE ${s}.database_identity SET backup_taken_at = $1 WHERE id = 1`, [
        takenAt,
      ]);
    } catch (error) {
      throw new BackupRefused(
        `schema "${schema}" has no Stockroom database of this version (${(error as Error).message}); ` +
          'start this version of the server once (it migrates on start), then back it up',
      );
    }
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshot = await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
    const count = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${s}.operations`,
    );
    await rm(partial, { force: true });
    const target = connectionFor(url);
    await runTool(
      'pg_dump',
      [
        '--format=custom',
        `--schema=${schema}`,
        `--snapshot=${snapshot.rows[0]?.id ?? ''}`,
        `--file=${partial}`,
        `--dbname=${target.url}`,
      ],
      undefined,
      target.password,
    );
    await client.query('COMMIT');
    // The archive reads back (its table of contents), or it is no backup.
    await runTool('pg_restore', ['--list', partial]);
    await fsyncFile(partial);
    await rename(partial, file);
    return { file, operations: count.rows[0]?.n ?? 0, takenAt };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await client.end();
  }
}
