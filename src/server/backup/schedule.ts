/**
 * Scheduled backups (docs/operations.md#backups-and-restore): with BACKUP_DIR set, the server writes
 * `stockroom-<ISO>.backup` there every BACKUP_INTERVAL and keeps the newest BACKUP_KEEP. Each
 * backup is `npm run backup` itself, run as a child process, so its steps never hold up this
 * process's event loop. A failure is logged and counted, and the server goes on.
 *
 * One backup per interval across processes (WORKERS=n, or several machines sharing the folder):
 * a run takes the folder's lock file and skips when the newest backup there is younger than half
 * an interval, so only the first process whose timer fires makes it.
 */
import { spawn } from 'node:child_process';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withFileLock } from '../export/file-lock';
import { repeat } from '../repeat';

export interface BackupScheduleSettings {
  dir: string;
  intervalMs: number;
  keep: number;
  databaseUrl: string;
}

export interface BackupStats {
  /** When this process last saw a backup succeed (its own, or a newer one in the folder), ms. */
  lastSuccessMs: number | null;
  failures: number;
}

export interface BackupSchedule {
  stats(): BackupStats;
  /** One scheduled run now (what the timer does): made, skipped (a recent one exists), or failed. */
  runOnce(): Promise<'made' | 'skipped' | 'failed'>;
  /** Stops the timer; a backup already running finishes on its own (a process of its own). */
  stop(): void;
  /** Resolves when no run of this schedule is under way (tests clean up after it). */
  settled(): Promise<void>;
}

const PREFIX = 'stockroom-';
const SUFFIX = '.backup';
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** The backup command as a child process; rejects with its message when it fails. */
export function runBackupCommand(databaseUrl: string, file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/backup.ts', file], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(out.trim());
      else reject(new Error(err.trim() || `the backup command exited with ${String(code)}`));
    });
  });
}

async function backupsIn(dir: string): Promise<{ name: string; mtimeMs: number }[]> {
  const names = (await readdir(dir)).filter((n) => n.startsWith(PREFIX) && n.endsWith(SUFFIX));
  const found = await Promise.all(
    names.map(async (name) => ({ name, mtimeMs: (await stat(join(dir, name))).mtimeMs })),
  );
  // Newest first: the names carry the ISO time, which sorts as text.
  return found.sort((a, b) => b.name.localeCompare(a.name));
}

export function startBackupSchedule(
  settings: BackupScheduleSettings,
  log: { info(message: string): void; error(error: unknown, message: string): void },
  now: () => number = Date.now,
  run: (databaseUrl: string, file: string) => Promise<string> = runBackupCommand,
): BackupSchedule {
  const stats: BackupStats = { lastSuccessMs: null, failures: 0 };
  const running = new Set<Promise<unknown>>();
  const runOnce = (): Promise<'made' | 'skipped' | 'failed'> => {
    const run = attempt();
    running.add(run);
    void run.finally(() => running.delete(run));
    return run;
  };
  const attempt = async (): Promise<'made' | 'skipped' | 'failed'> => {
    try {
      await mkdir(settings.dir, { recursive: true, mode: 0o700 });
      return await withFileLock(join(settings.dir, '.backup.lock'), async () => {
        const newest = (await backupsIn(settings.dir))[0];
        if (newest && now() - newest.mtimeMs < settings.intervalMs / 2) {
          stats.lastSuccessMs = Math.max(stats.lastSuccessMs ?? 0, newest.mtimeMs);
          return 'skipped';
        }
        const stamp = new Date(now()).toISOString().replace(/:/g, '-');
        const line = await run(
          settings.databaseUrl,
          join(settings.dir, `${PREFIX}${stamp}${SUFFIX}`),
        );
        stats.lastSuccessMs = now();
        log.info(line);
        for (const old of (await backupsIn(settings.dir)).slice(settings.keep)) {
          await rm(join(settings.dir, old.name), { force: true });
        }
        return 'made';
      });
    } catch (error) {
      stats.failures += 1;
      log.error(
        error,
        'scheduled backup failed; the server goes on, the next one is tried on time',
      );
      return 'failed';
    }
  };
  const timer = repeat(settings.intervalMs, runOnce);
  // Also once at start: a server restarted more often than its interval still makes backups (a
  // recent one in the folder makes this a skip).
  void runOnce();
  return {
    stats: () => ({ ...stats }),
    runOnce,
    stop: () => timer.stop(),
    settled: async () => {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
