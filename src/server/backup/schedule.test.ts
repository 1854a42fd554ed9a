/**
 * Scheduled backups (BACKUP_DIR, BACKUP_INTERVAL, BACKUP_KEEP): the newest BACKUP_KEEP are kept,
 * one backup per interval across processes sharing the folder, and a failure is counted and
 * logged, never thrown. The backup itself is the command (tests/api/backup-schedule.test.ts).
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startBackupSchedule, type BackupSchedule } from './schedule';

const HOUR = 3_600_000;
let dir = '';
const schedules: BackupSchedule[] = [];
afterEach(async () => {
  for (const s of schedules.splice(0)) {
    s.stop();
    await s.settled();
  }
  await rm(dir, { recursive: true, force: true });
});

interface Log {
  info(message: string): void;
  error(error: unknown, message: string): void;
}
const quiet: Log = { info: () => undefined, error: () => undefined };

function schedule(
  now: () => number,
  run: (url: string, file: string) => Promise<string>,
  keep = 3,
  log: Log = quiet,
): BackupSchedule {
  // The run at start is awaited by the tests through runOnce's lock, so give it nothing to do.
  const s = startBackupSchedule(
    { dir, intervalMs: HOUR, keep, databaseUrl: 'sqlite:x.db' },
    log,
    now,
    run,
  );
  schedules.push(s);
  return s;
}

const writeBackup = async (_url: string, file: string) => {
  await writeFile(file, 'backup');
  return `backup written: ${file}`;
};

describe('scheduled backups', () => {
  it('keeps the newest BACKUP_KEEP, and a run within half an interval of the last is skipped', async () => {
    dir = await mkdtemp(join(tmpdir(), 'stockroom-schedule-'));
    let t = Date.now() + 10 * HOUR;
    const s = schedule(() => t, writeBackup, 3);
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      t += HOUR;
      // Files' times are the real clock's: a schedule reads its own clock against them.
      expect(await s.runOnce()).toBe('made');
      made.push(new Date(t).toISOString().replace(/:/g, '-'));
    }
    const names = (await readdir(dir)).filter((n) => n.endsWith('.backup')).sort();
    expect(names).toEqual(made.slice(-3).map((stamp) => `stockroom-${stamp}.backup`));
    expect(s.stats().failures).toBe(0);
    expect(s.stats().lastSuccessMs).toBe(t);

    const now = schedule(() => Date.now(), writeBackup);
    expect(await now.runOnce()).toBe('skipped');
  });

  it('two processes at once make one backup', async () => {
    dir = await mkdtemp(join(tmpdir(), 'stockroom-schedule-'));
    let runs = 0;
    let second: Promise<'made' | 'skipped' | 'failed'> | null = null;
    // The other process's run starts while this one holds the folder's lock and is backing up.
    const whileHolding = (url: string, file: string) => {
      runs += 1;
      second ??= b.runOnce();
      return writeBackup(url, file);
    };
    const a = schedule(() => Date.now(), whileHolding);
    const b = schedule(() => Date.now(), whileHolding);
    const first = await a.runOnce();
    const results = [first, await second];
    expect(results.filter((r) => r === 'made').length).toBeLessThanOrEqual(1);
    expect(runs).toBe(1);
    expect((await readdir(dir)).filter((n) => n.endsWith('.backup'))).toHaveLength(1);
  });

  it('a failed backup is counted and logged, never thrown', async () => {
    dir = await mkdtemp(join(tmpdir(), 'stockroom-schedule-'));
    const logged: string[] = [];
    const s = schedule(
      () => Date.now(),
      () => Promise.reject(new Error('pg_dump was not found on this machine')),
      3,
      { info: () => undefined, error: (_e, message) => void logged.push(message) },
    );
    expect(await s.runOnce()).toBe('failed');
    expect(s.stats().failures).toBeGreaterThanOrEqual(1);
    expect(logged[0]).toMatch(/scheduled backup failed/);
  });
});
