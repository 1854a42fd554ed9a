/**
 * `npm start`: the server process. Prints one line when listening; SIGTERM finishes in-flight work.
 * `WORKERS=n` (n > 1) runs n server processes sharing the port (node:cluster); each opens the same
 * database, so use PostgreSQL (or accept SQLite's single writer) and one shared STOCKROOM_SECRET.
 */
import cluster from 'node:cluster';
import { sumWorkerMetrics } from './ops/cluster-metrics';
import { ConfigError, startServer } from './start';

const workers = Number(process.env['WORKERS'] ?? '1');

async function serve(): Promise<void> {
  const server = await startServer(process.env);
  if (cluster.isWorker) process.send?.({ listening: server.url });
  else console.log(`Stockroom listening on ${server.url}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`Stockroom stopping (${signal}): finishing in-flight work`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

function supervise(n: number): void {
  // Announced once every process listens, so a client never finds only some of them ready.
  const listening = new Set<number>();
  sumWorkerMetrics();
  for (let i = 0; i < n; i++) cluster.fork();
  cluster.on('message', (worker, message: { listening?: string }) => {
    if (!message.listening || listening.has(worker.id)) return;
    listening.add(worker.id);
    if (listening.size === n) {
      console.log(`Stockroom listening on ${message.listening} (${n} processes)`);
    }
  });
  cluster.on('exit', (worker, code) => {
    if (!stopping && code !== 0) console.error(`worker ${worker.process.pid} exited with ${code}`);
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(stopping ? 0 : 1);
  });
  let stopping = false;
  const stop = () => {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (!Number.isInteger(workers) || workers < 1) {
  console.error('Stockroom cannot start:\n- WORKERS must be a whole number of at least 1');
  process.exit(1);
} else if (workers > 1 && cluster.isPrimary) {
  supervise(workers);
} else {
  serve().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
