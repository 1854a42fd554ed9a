/**
 * The server process's log: pino JSON lines on standard output at LOG_LEVEL (default `info`).
 * Fastify's request and event lines (http/app.ts) and the lifecycle lines (started, listening,
 * migrated, stopping, stopped, cannot start: main.ts, start.ts, cluster/primary.ts) all go
 * through it, so a log shipper reads one format.
 */
import { pino, type Logger } from 'pino';
import type { Env } from '../config';

export type { Logger };

/** A LOG_LEVEL pino does not know is a warning line at `info`, not a crash at start-up. */
export function processLogger(env: Env): Logger {
  const level = env['LOG_LEVEL'] ?? process.env['LOG_LEVEL'] ?? 'info';
  const known = level === 'silent' || level in pino.levels.values;
  // Written synchronously: an asynchronous stream put a line written just before an exit after
  // later ones, or lost it (seen through a pipe, where the lifecycle lines are read).
  const log = pino({ level: known ? level : 'info' }, pino.destination({ dest: 1, sync: true }));
  if (!known)
    log.warn(`LOG_LEVEL "${level}" is not a pino level (fatal … trace, silent); using info`);
  return log;
}

/**
 * Where the lifecycle lines go: `info` lines that are written even when LOG_LEVEL is `warn` or
 * `error` (an operator who quiets the request lines still sees the server start and stop, as
 * before these lines were JSON), and not at all when it is `silent`.
 */
export function lifecycleLogger(log: Logger): Logger {
  if (log.level === 'silent' || log.isLevelEnabled('info')) return log;
  return log.child({}, { level: 'info' });
}
