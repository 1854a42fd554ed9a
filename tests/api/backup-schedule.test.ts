/**
 * The server's own backups (docs/operations.md#backups-and-restore): with BACKUP_DIR set it writes
 * a backup (at start, then every BACKUP_INTERVAL) that `npm run restore` takes back; `/metrics`
 * reports the last success; a backup that cannot be written is counted and logged, and the server
 * goes on.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/start';
import { eventually } from '../support/eventually';
import { runTs } from './support/commands';
import { BASE_ENV } from './support/server';

let dir = '';
let server: RunningServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
  await rm(dir, { recursive: true, force: true });
});

async function metric(name: string): Promise<number> {
  const text = await (await fetch(`${server!.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return Number(line?.split(' ')[1] ?? Number.NaN);
}

describe('scheduled backups', () => {
  it('writes a backup the restore command takes back, and /metrics says when', async () => {
    dir = await mkdtemp(join(tmpdir(), 'stockroom-scheduled-'));
    const backups = join(dir, 'backups');
    const env = {
      ...BASE_ENV,
      DATABASE_URL: `sqlite:${join(dir, 'stockroom.db')}`,
      EXPORT_FILE: join(dir, 'export.jsonl'),
      BACKUP_DIR: backups,
      BACKUP_INTERVAL: '1h',
    };
    const started = Date.now();
    server = await startServer(env);
    const files = await eventually(
      () => readdir(backups).catch(() => [] as string[]),
      (names) => names.some((n) => /^stockroom-.*\.backup$/.test(n)),
      'a scheduled backup',
      60_000,
    );
    const last = await eventually(
      () => metric('stockroom_backup_last_success_timestamp_seconds'),
      (v) => v > 0,
      'the last success in /metrics',
    );
    expect(last * 1000).toBeGreaterThanOrEqual(started);
    expect(await metric('stockroom_backup_failures_total')).toBe(0);
    await server.close();
    server = null;
    const file = join(
      backups,
      files.find((n) => n.endsWith('.backup'))!,
    );
    const restored = await runTs('src/server/cli/restore.ts', [file], env);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
  });

  it('a backup that cannot be written is counted, and the server goes on', async () => {
    dir = await mkdtemp(join(tmpdir(), 'stockroom-scheduled-'));
    const blocked = join(dir, 'a-file');
    await writeFile(blocked, 'not a folder');
    server = await startServer({
      ...BASE_ENV,
      DATABASE_URL: `sqlite:${join(dir, 'stockroom.db')}`,
      EXPORT_FILE: join(dir, 'export.jsonl'),
      BACKUP_DIR: join(blocked, 'backups'),
    });
    await eventually(
      () => metric('stockroom_backup_failures_total'),
      (v) => v >= 1,
      'a counted failure',
    );
    expect(await metric('stockroom_backup_last_success_timestamp_seconds')).toBe(0);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  it('BACKUP_INTERVAL and BACKUP_KEEP are checked at start', async () => {
    await expect(startServer({ ...BASE_ENV, BACKUP_INTERVAL: 'soon' })).rejects.toThrow(
      /BACKUP_INTERVAL/,
    );
    await expect(startServer({ ...BASE_ENV, BACKUP_KEEP: '0' })).rejects.toThrow(/BACKUP_KEEP/);
    await expect(startServer({ ...BASE_ENV, BACKUP_DIR: '/tmp/x' })).rejects.toThrow(
      /BACKUP_DIR: a memory database/,
    );
  });
});
