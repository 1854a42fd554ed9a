/**
 * The primary process of `WORKERS=n` (node:cluster): forks n server processes sharing one port,
 * restarts one that dies with backoff, prints the start line once all n listen, and answers a
 * worker's scrape with every worker's metrics added up (the scrape lands on whichever worker the
 * port hands it to), and counts every worker's connections against MAX_CONNECTIONS_PER_ADDRESS. SIGTERM/SIGINT are passed on to every worker, each stopping cleanly within
 * SHUTDOWN_TIMEOUT, and the primary exits last (0 when every worker did).
 */
import cluster, { type Worker } from 'node:cluster';
import type { FamilySnapshot } from '../observability/metrics';
import { mergeFamilies } from '../observability/metrics-merge';
import { ClusterAddressTally } from '../limits/address-tally';
import { isWorkerMessage, type PrimaryMessage } from './messages';
import { restartDelayMs, RESTART_STABLE_MS } from './restart-policy';
import { assertNever } from '../../protocol/assert-never';
import { lifecycleLogger, type Logger } from '../observability/logger';

/** How long a collection waits for the workers; a worker that is slower is left out. */
const COLLECT_TIMEOUT_MS = 2_000;

/** `note`: what the start line adds after the process count (main.ts); `log`: the process's log. */
export function supervise(
  n: number,
  shutdownTimeoutMs: number,
  connectionsPerAddress: number,
  note: string,
  log: Logger,
): void {
  const lifecycle = lifecycleLogger(log);
  let stopping = false;
  /** Stopping: whether every worker that exited so far exited 0. */
  let cleanExits = true;
  let announced = false;
  /** Restarts in a row without a worker staying up for RESTART_STABLE_MS. */
  let crashes = 0;
  let lastCrashAt = 0;
  const listening = new Set<number>();
  const collections = new Map<
    number,
    { got: FamilySnapshot[][]; waiting: Set<number>; finish: () => void }
  >();
  let nextCollection = 0;
  /** MAX_CONNECTIONS_PER_ADDRESS for the whole server: every worker's connections count here. */
  const addresses = new ClusterAddressTally(connectionsPerAddress);

  const send = (worker: Worker | undefined, message: PrimaryMessage) => {
    if (worker?.isConnected()) worker.send(message);
  };
  const live = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);

  const fork = () => {
    const worker = cluster.fork();
    lifecycle.info({ worker: worker.process.pid }, `worker ${worker.process.pid} started`);
  };

  function collectFor(requester: Worker, requestId: number): void {
    const id = nextCollection++;
    const workers = live().filter((w) => listening.has(w.id));
    const got: FamilySnapshot[][] = [];
    const finish = () => {
      if (!collections.delete(id)) return;
      clearTimeout(timer);
      send(requester, { type: 'metrics-merged', id: requestId, families: mergeFamilies(got) });
    };
    const timer = setTimeout(finish, COLLECT_TIMEOUT_MS);
    collections.set(id, { got, waiting: new Set(workers.map((w) => w.id)), finish });
    for (const w of workers) send(w, { type: 'metrics-collect', id });
    if (workers.length === 0) finish();
  }

  cluster.on('message', (worker, message: unknown) => {
    if (!isWorkerMessage(message)) return;
    switch (message.type) {
      case 'listening':
        listening.add(worker.id);
        if (!announced && listening.size >= n) {
          announced = true;
          lifecycle.info(
            { url: message.url, processes: n },
            `Stockroom listening on ${message.url} (${n} processes)${note}`,
          );
        } else if (announced) {
          lifecycle.info({ worker: worker.process.pid }, `worker ${worker.process.pid} listening`);
        }
        break;
      case 'metrics-request':
        collectFor(worker, message.id);
        break;
      case 'metrics-snapshot': {
        const entry = collections.get(message.id);
        if (!entry?.waiting.delete(worker.id)) break;
        entry.got.push(message.families);
        // Every worker answered: answer now rather than at the timeout.
        if (entry.waiting.size === 0) entry.finish();
        break;
      }
      case 'connection-take':
        send(worker, {
          type: 'connection-verdict',
          id: message.id,
          taken: addresses.take(worker.id, message.key),
        });
        break;
      case 'connection-give':
        addresses.give(worker.id, message.key);
        break;
      default:
        assertNever(message);
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    listening.delete(worker.id);
    addresses.forget(worker.id);
    for (const entry of [...collections.values()]) {
      if (entry.waiting.delete(worker.id) && entry.waiting.size === 0) entry.finish();
    }
    if (stopping) {
      if (code !== 0) cleanExits = false;
      if (live().length === 0) {
        if (cleanExits) lifecycle.info('Stockroom stopped');
        else lifecycle.error('Stockroom stopped; a worker did not stop cleanly');
        process.exit(cleanExits ? 0 : 1);
      }
      return;
    }
    const now = Date.now();
    crashes = now - lastCrashAt > RESTART_STABLE_MS ? 1 : crashes + 1;
    lastCrashAt = now;
    const delay = restartDelayMs(crashes);
    lifecycle.error(
      { worker: worker.process.pid, code, signal, delayMs: delay },
      `worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting a replacement in ${delay} ms`,
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  /** Passed on to every worker (each stops as start.ts says); the primary exits last. */
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    lifecycle.info(
      { signal },
      `Stockroom stopping (${signal}): ${live().length} processes finishing in-flight work`,
    );
    if (live().length === 0) process.exit(0);
    for (const w of live()) w.process.kill('SIGTERM');
    // A worker that hangs past its own limit is ended, so the primary never outlives the timeout by much.
    setTimeout(() => {
      lifecycle.fatal(`workers did not stop within SHUTDOWN_TIMEOUT (${shutdownTimeoutMs} ms)`);
      for (const w of live()) w.process.kill('SIGKILL');
      process.exit(1);
    }, shutdownTimeoutMs + 1_000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  for (let i = 0; i < n; i++) fork();
}
