/**
 * Composition root: configuration → store → app → listening server. Tests start the real server
 * through `startServer` (on `sqlite::memory:` or a file) and talk HTTP to it.
 */
import type { FastifyInstance } from 'fastify';
import { sessions } from './auth';
import { systemClock, TesterClock, type Clock } from './clock';
import { ConfigError, loadConfig, type Env } from './config';
import { seedDemo } from './demo';
import { addAcceptHandles } from './http/accept-handles';
import { buildApp } from './http/app';
import { BATCHES_PER_TURN, pacedIntake, type PacedIntake } from './http/paced-intake';
import type { AppDeps } from './http/deps';
import { repeat } from './repeat';
import { createLifecycle, trackInFlight } from './http/stopping';
import type { WorkerLink } from './cluster/worker-link';
import { AddressTally } from './limits/address-tally';
import { startExporter } from './export/exporter';
import { startBackupSchedule, type BackupSchedule } from './backup/schedule';
import { createAdmission } from './limits/admission-gate';
import { passwordGate, passwordSlots } from './limits/password-gate';
import { createSignInLimiter } from './limits/rate-limit';
import { lifecycleLogger, processLogger, type Logger } from './observability/logger';
import { createServerMetrics } from './observability/server-metrics';
import { METRICS_OFF_WARNING, metricsPlacement, startMetricsServer } from './http/metrics-endpoint';
import { leaseSecrets } from './secret';
import { FaultBook } from './sim/faults';
import { Timeline } from './sim/timeline';
import { openStore, type StoreSettings } from './store/open-store';
import type { Store } from './store/store';

export interface RunningServer {
  url: string;
  /** METRICS_PORT set: where `/metrics` is served (loopback); otherwise null. */
  metricsUrl: string | null;
  store: Store;
  /** Fastify's in-process request injection, for what a real socket cannot show (another client address). */
  inject: FastifyInstance['inject'];
  close(): Promise<void>;
}

/**
 * What a test may swap in. `openStore`: the safety suites open deliberately broken stores
 * (tests/support/broken-stores/) to prove they can see a duplicate or a lost receipt.
 */
export interface TestHooks {
  openStore?: (settings: StoreSettings) => Promise<Store>;
  /** The batches' paced intake (default: BATCHES_PER_TURN per event-loop turn). */
  intake?: PacedIntake;
}

/**
 * Connections the kernel may hold before they are accepted (clamped to net.core.somaxconn).
 * Node's default, 511, drops the rest of a reconnection storm's connects silently: each dropped
 * one retries its SYN after 1 s, 3 s, 7 s…, a wait no shedder can see (bench: storm_goodput).
 */
const LISTEN_BACKLOG = 4096;
/**
 * Extra handles on the listening socket, each one more accepted connection per event-loop turn
 * (libuv accepts one per handle per turn; see http/accept-handles.ts). A storm's 1,000 connects
 * then wait for a few turns, not ~10 s at ~100 accepts per second. 16 in all still left 350
 * waiting ~7 s under load, where a turn (one commit group of the operations budget) took ~200 ms;
 * each new connection wakes every handle, so the rest pay one failed accept each (~1 µs).
 */
const EXTRA_ACCEPT_HANDLES = 63;

/**
 * Of SHUTDOWN_TIMEOUT, what the export worker's last round and closing the store may take; the rest
 * is for requests in flight. Past it, connections still open are closed.
 */
export function drainBudgetMs(shutdownTimeoutMs: number): number {
  return shutdownTimeoutMs - Math.min(2_000, shutdownTimeoutMs / 4);
}

export { ConfigError };

function sleep(ms: number): { done: Promise<void>; cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  const done = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return { done, cancel: () => clearTimeout(timer) };
}

/**
 * `cluster`: this process is one of WORKERS=n (its metrics are summed with the others'). `log`:
 * the process's log (main.ts passes the one its own lines go to).
 */
export async function startServer(
  env: Env,
  hooks: TestHooks = {},
  cluster: WorkerLink | null = null,
  log: Logger = processLogger(env),
): Promise<RunningServer> {
  const loaded = loadConfig(env);
  if (!loaded.ok)
    throw new ConfigError(`Stockroom cannot start:\n- ${loaded.problems.join('\n- ')}`);
  const config = loaded.config;
  const testerClock = config.simulate ? new TesterClock() : null;
  const clock: Clock = testerClock ?? systemClock;
  // Before the store opens: a weak secret file stops the server with nothing touched.
  const secrets = leaseSecrets(config);
  const store = await (hooks.openStore ?? openStore)(config, (migrated) => {
    // An upgrade is worth a line in the log; creating a new database is not.
    if (migrated.from > 0 && migrated.to > migrated.from) {
      lifecycleLogger(log).info(
        { from: migrated.from, to: migrated.to },
        `database migrated from schema ${migrated.from} to ${migrated.to}`,
      );
    }
  });
  if (config.demo) await seedDemo(store, clock.now(), config.passwordCost);

  const admission = createAdmission({
    maxInFlight: config.maxInFlight,
    maxQueueWaitMs: config.maxQueueWaitMs,
  });
  const runCleanup = async () => {
    const now = clock.now();
    const result = await store.cleanup(now, {
      receiptTtlMs: config.receiptTtlMs,
      tombstoneGraceMs: config.tombstoneGraceMs,
    });
    // Sessions past their expiry can never authenticate again; nothing else removes them.
    await store.removeExpiredSessions(now);
    // Sign-in counts past their window (bounded by expiry, never by evicting counts).
    await store.pruneSignIns(now);
    // Export rows the sink already holds, kept as long as a full receipt is kept.
    await store.removeDeliveredExports(now - config.receiptTtlMs);
    return result;
  };
  const lifecycle = createLifecycle();
  // Scheduled backups start after the server listens; their numbers are in /metrics from now.
  let backups: BackupSchedule | null = null;
  const metrics = createServerMetrics({
    clock,
    store,
    admission,
    backups: () => backups?.stats() ?? { lastSuccessMs: null, failures: 0 },
    ...(cluster ? { gather: cluster.gather } : {}),
  });
  cluster?.answerWith(metrics.collect);
  const deps: AppDeps = {
    config,
    store,
    clock,
    sessions: sessions(store, clock, config.sessionTtlMs),
    operations: {
      store,
      clock,
      secrets,
      retention: config,
    },
    sim: testerClock
      ? { clock: testerClock, faults: new FaultBook(), timeline: new Timeline(testerClock) }
      : null,
    admission,
    intake: hooks.intake ?? pacedIntake(BATCHES_PER_TURN),
    signInLimiter: createSignInLimiter(store, clock),
    passwordChecks: passwordGate(passwordSlots()),
    metrics,
    runCleanup,
    lifecycle,
    log,
    connectionsByAddress:
      cluster?.connectionsByAddress() ?? new AddressTally(config.maxConnectionsPerAddress),
  };
  // A start that stops here (a route missing from the OpenAPI document) leaves no store open.
  const app = await buildApp(deps).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });
  const inFlight = trackInFlight(app.server);
  // A memory database with no sink configured keeps its export rows undelivered (tests), rather
  // than writing a ledger into the working directory.
  const memory = config.databaseUrl === 'sqlite::memory:';
  const exporter =
    memory && !config.exportFileSet && !config.exportWebhookUrl
      ? null
      : await startExporter({
          ...config,
          store,
          clock,
          onError: (err, failures, delayMs) =>
            app.log.warn({ err, failures, delayMs }, 'export delivery failed; will retry'),
        });
  const cleanup = repeat(config.cleanupIntervalMs, runCleanup);
  const stop = async () => {
    cleanup.stop();
    backups?.stop();
    await exporter?.stop();
    await store.close();
  };
  try {
    await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  } catch (error) {
    await stop();
    throw error;
  }
  // In the background: the server accepts on its own handle meanwhile. A cluster worker's
  // connections come from the primary (node:cluster), so it has no socket of its own to share.
  const acceptHandles = cluster
    ? null
    : addAcceptHandles(app.server, EXTRA_ACCEPT_HANDLES, LISTEN_BACKLOG);
  let metricsServer: Awaited<ReturnType<typeof startMetricsServer>> | null = null;
  if (config.metricsPort !== null) {
    try {
      metricsServer = await startMetricsServer(
        deps.metrics,
        config.metricsToken,
        config.metricsPort,
      );
    } catch (error) {
      await (await acceptHandles)?.close();
      await app.close();
      await stop();
      throw error;
    }
  }
  if (config.backupDir !== null) {
    backups = startBackupSchedule(
      {
        dir: config.backupDir,
        intervalMs: config.backupIntervalMs,
        keep: config.backupKeep,
        databaseUrl: config.databaseUrl,
      },
      { info: (line) => app.log.info(line), error: (err, msg) => app.log.error({ err }, msg) },
    );
  }
  if (config.simulate) app.log.warn('tester mode (SIMULATE=1): faults and the tester clock are on');
  if (metricsPlacement(config) === 'off') app.log.warn(METRICS_OFF_WARNING);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    url: `http://${host}:${port}`,
    metricsUrl: metricsServer?.url ?? null,
    store,
    inject: app.inject.bind(app),
    async close() {
      // docs/operations.md#stopping (http/stopping.ts): not ready and refusing at once; the listening
      // socket closed (Node closes the idle connections with it); requests in flight answered
      // within the drain budget, then every connection still open is closed (kept-alive ones
      // would otherwise hold the stop for KEEP_ALIVE_TIMEOUT); then the export worker records its
      // current round and the store closes.
      lifecycle.beginStop();
      const drained = sleep(drainBudgetMs(config.shutdownTimeoutMs));
      const handlesClosed = acceptHandles?.then((handles) => handles.close());
      const appClosed = app.close();
      await Promise.race([inFlight.idle(), drained.done]);
      drained.cancel();
      app.server.closeAllConnections();
      await handlesClosed;
      await appClosed;
      await metricsServer?.server.close();
      await stop();
    },
  };
}
