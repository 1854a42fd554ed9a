/**
 * `npm start`: the server process. Logs (pino JSON, observability/logger.ts) one line when it
 * starts, one when listening, one when a stop begins and one when stopped; SIGTERM (or SIGINT)
 * stops it cleanly within SHUTDOWN_TIMEOUT (start.ts `close`, http/stopping.ts), exit code 0.
 * `WORKERS=n` (n > 1) runs n server processes sharing the port (node:cluster, src/server/cluster);
 * each opens the same database, so use PostgreSQL (or accept SQLite's single writer) and one shared
 * STOCKROOM_SECRET.
 */
import cluster from 'node:cluster';
import { supervise } from './cluster/primary';
import { loadConfig } from './config';
import { workerLink } from './cluster/worker-link';
import { ConfigError, startServer } from './start';
import { poolerNote } from './store/postgres-connection';
import { SchemaRefused } from './store/schema-check';
import { lifecycleLogger, processLogger } from './observability/logger';

const workers = Number(process.env['WORKERS'] ?? '1');
/** The process's log; the lifecycle lines are `info` lines written at any LOG_LEVEL but silent. */
const log = processLogger(process.env);
const lifecycle = lifecycleLogger(log);

/** What the start line adds about the database connection: " (…)", or nothing. */
function startNote(env: typeof process.env): string {
  const loaded = loadConfig(env);
  const note = loaded.ok ? poolerNote(loaded.config.pgPooler) : '';
  return note ? ` (${note})` : '';
}

async function serve(): Promise<void> {
  const link = cluster.isWorker ? workerLink() : null;
  if (!link) lifecycle.info({ node: process.version }, 'Stockroom starting');
  const server = await startServer(process.env, {}, link, log);
  const loaded = loadConfig(process.env);
  const timeoutMs = loaded.ok ? loaded.config.shutdownTimeoutMs : 10_000;
  if (link) link.announce(server.url);
  else
    lifecycle.info(
      { url: server.url },
      `Stockroom listening on ${server.url}${startNote(process.env)}`,
    );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    lifecycle.info({ signal }, `Stockroom stopping (${signal}): finishing in-flight work`);
    // The stop keeps within its budget (start.ts); this only ends a stop that hangs anyway.
    setTimeout(() => {
      lifecycle.fatal(`Stockroom did not stop within SHUTDOWN_TIMEOUT (${timeoutMs} ms)`);
      process.exit(1);
    }, timeoutMs).unref();
    server.close().then(
      () => {
        lifecycle.info('Stockroom stopped');
        process.exit(0);
      },
      (error: unknown) => {
        lifecycle.fatal({ err: error }, 'Stockroom did not stop cleanly');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

if (!Number.isInteger(workers) || workers < 1) {
  lifecycle.fatal('Stockroom cannot start:\n- WORKERS must be a whole number of at least 1');
  process.exit(1);
} else if (workers > 1 && cluster.isPrimary) {
  // A setting no worker can start with stops here, instead of workers restarted forever.
  const loaded = loadConfig(process.env);
  if (loaded.ok) {
    const { shutdownTimeoutMs, maxConnectionsPerAddress } = loaded.config;
    supervise(workers, shutdownTimeoutMs, maxConnectionsPerAddress, startNote(process.env), log);
  } else {
    lifecycle.fatal(`Stockroom cannot start:\n- ${loaded.problems.join('\n- ')}`);
    process.exit(1);
  }
} else {
  serve().catch((error: unknown) => {
    if (error instanceof SchemaRefused || error instanceof ConfigError)
      lifecycle.fatal(
        error instanceof SchemaRefused ? `Stockroom cannot start: ${error.message}` : error.message,
      );
    else lifecycle.fatal({ err: error }, 'Stockroom cannot start');
    process.exit(1);
  });
}
