/**
 * The server's lifecycle lines are pino JSON like the rest of its log (src/server/observability/
 * logger.ts): starting, the migration of an older database, listening, stopping, stopped, each an
 * `info` line with its fields, written even at LOG_LEVEL=warn (where request lines are not), and
 * nothing at all at LOG_LEVEL=silent.
 */
import Database from 'better-sqlite3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLITE_MIGRATIONS } from '../../src/server/store/sqlite-schema';
import { logLines, runTs } from '../api/support/commands';
import { BASE_ENV } from '../api/support/server';
import { spawnServer } from './support/process';

const LATEST = SQLITE_MIGRATIONS.length;

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stockroom-lifecycle-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('lifecycle log lines', () => {
  it('starting, migrated, listening, stopping, stopped: JSON info lines at LOG_LEVEL=warn', async () => {
    // A database one migration behind, so the start migrates it.
    const file = join(dir, 'older.db');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    for (const sql of SQLITE_MIGRATIONS.slice(0, LATEST - 1)) db.exec(sql);
    db.pragma(`user_version = ${LATEST - 1}`);
    db.close();

    const server = await spawnServer({
      ...BASE_ENV,
      DATABASE_URL: `sqlite:${file}`,
      EXPORT_FILE: join(dir, 'export.jsonl'),
      LOG_LEVEL: 'warn',
    });
    await fetch(`${server.url}/api/health`);
    await server.stop();
    expect(await server.exited).toBe(0);

    const lines = logLines(server.output);
    const info = lines.filter((line) => line.level === 30);
    expect(info.map((line) => line.msg)).toEqual([
      'Stockroom starting',
      `database migrated from schema ${LATEST - 1} to ${LATEST}`,
      `Stockroom listening on ${server.url}`,
      'Stockroom stopping (SIGTERM): finishing in-flight work',
      'Stockroom stopped',
    ]);
    const pid = server.child.pid;
    expect(info).toEqual([
      expect.objectContaining({ pid, node: process.version }),
      expect.objectContaining({ pid, from: LATEST - 1, to: LATEST }),
      expect.objectContaining({ pid, url: server.url }),
      expect.objectContaining({ pid, signal: 'SIGTERM' }),
      expect.objectContaining({ pid }),
    ]);
    for (const line of info) expect(typeof line['time']).toBe('number');
    // LOG_LEVEL=warn: the health check's request lines (info) are not written.
    expect(lines.filter((line) => line['req'] !== undefined)).toEqual([]);
  });

  it('LOG_LEVEL=silent: nothing, not even why it did not start', async () => {
    const run = await runTs('src/server/main.ts', [], {
      ...BASE_ENV,
      PORT: 'not a port',
      LOG_LEVEL: 'silent',
    });
    expect(run).toMatchObject({ code: 1, stdout: '', stderr: '' });
  });

  it('an unknown LOG_LEVEL is a warning line, then the usual log at info', async () => {
    const run = await runTs('src/server/main.ts', [], {
      ...BASE_ENV,
      PORT: 'not a port',
      LOG_LEVEL: 'verbose',
    });
    expect(run.code).toBe(1);
    expect(logLines(run.stdout).map((line) => [line.level, line.msg])).toEqual([
      [40, expect.stringMatching(/^LOG_LEVEL "verbose" is not a pino level/)],
      [30, 'Stockroom starting'],
      [60, expect.stringMatching(/^Stockroom cannot start:\n- PORT/)],
    ]);
  });
});
