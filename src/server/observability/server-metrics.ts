/**
 * The server's metrics (docs/api.md#health-diagnostics-and-metrics, `GET /metrics`): operations by
 * outcome, replays, key reuses, expiries, sheds, export lag, and latency histograms. `answered` is
 * the `OperationMetrics` the operation routes call; the rest is read from its sources at scrape
 * time.
 */
import type { Clock } from '../clock';
import type { HttpMetrics } from '../http/deps';
import type { OperationAnswer } from '../operations';
import type { Store } from '../store/store';
import type { ShedStats } from '../core/admission-rule';
import type { BackupStats } from '../backup/schedule';
import {
  type Labels,
  MetricsRegistry,
  PROMETHEUS_CONTENT_TYPE,
  renderFamilies,
  type FamilySnapshot,
} from './metrics';
import { OUTCOMES } from '../../protocol/schemas';
import { assertNever } from '../../protocol/assert-never';

/** The codes an operation itself can be refused with (the rest refuse the whole request). */
const OPERATION_REFUSALS = [
  'invalid-request',
  'invalid-operation-metadata',
  'key-reused',
  'operation-expired',
] as const;

export interface ServerMetricsDeps {
  /** The server clock: export rows are stamped with it. */
  clock: Clock;
  store: Pick<Store, 'exportBacklog'>;
  admission: { stats(): ShedStats };
  /**
   * With several worker processes (WORKERS=n): this process's families in, the whole server's out
   * (src/server/cluster). Absent for a single process.
   */
  gather?: (local: () => Promise<FamilySnapshot[]>) => Promise<FamilySnapshot[]>;
  /** Scheduled backups (BACKUP_DIR), when configured. */
  backups?: () => BackupStats;
}

export interface ServerMetrics extends HttpMetrics {
  /** This process's families, as plain data (what a worker sends for a cluster-wide scrape). */
  collect(): Promise<FamilySnapshot[]>;
}

export function createServerMetrics(deps: ServerMetricsDeps): ServerMetrics {
  const registry = new MetricsRegistry();
  const operations = registry
    .counter(
      'stockroom_operations_total',
      'Operations processed for the first time, by outcome (applied, rejected, review).',
    )
    .zero(OUTCOMES.map((outcome) => ({ outcome })));
  const replays = registry.counter(
    'stockroom_replays_total',
    'Repeated operations answered with their original receipt.',
  );
  const keyReuses = registry.counter(
    'stockroom_key_reuses_total',
    'Operation ids sent again with different content (422 key-reused).',
  );
  const expiries = registry.counter(
    'stockroom_expired_total',
    'Operations refused past their deadline (410 operation-expired).',
  );
  const refusals = registry
    .counter('stockroom_refusals_total', 'Operations refused, by problem code.')
    .zero(OPERATION_REFUSALS.map((code) => ({ code })));
  registry.gauge('stockroom_processes', 'Server processes counted in this scrape.', () => 1);
  registry.counter(
    'stockroom_shed_total',
    'Operation requests shed before any work (503 overloaded).',
    () => deps.admission.stats().shed,
  );
  registry.gauge(
    'stockroom_operations_in_flight',
    'Operation requests being processed.',
    () => deps.admission.stats().inFlight,
  );
  registry.gauge(
    'stockroom_operations_queued',
    'Operation requests waiting for a slot.',
    () => deps.admission.stats().queued,
  );
  registry.gauge(
    'stockroom_export_pending',
    'Applied effects not yet delivered downstream.',
    async () => (await deps.store.exportBacklog()).pending,
    'max', // every process reads the same outbox
  );
  registry.gauge(
    'stockroom_export_lag_seconds',
    'Age of the oldest undelivered export row (0 when none).',
    async () => {
      const { oldestCreatedAt } = await deps.store.exportBacklog();
      return oldestCreatedAt === null ? 0 : Math.max(0, deps.clock.now() - oldestCreatedAt) / 1000;
    },
    'max',
  );
  registry.gauge(
    'stockroom_backup_last_success_timestamp_seconds',
    'When the last scheduled backup succeeded (Unix time; 0: none yet or BACKUP_DIR unset).',
    () => (deps.backups?.().lastSuccessMs ?? 0) / 1000,
    'max', // one process of WORKERS=n makes each backup
  );
  registry.counter(
    'stockroom_backup_failures_total',
    'Scheduled backups that failed (logged; the server went on).',
    () => deps.backups?.().failures ?? 0,
  );
  registry.counter(
    'process_cpu_seconds_total',
    'User and system CPU time spent, in seconds.',
    () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1e6;
    },
  );
  registry.gauge('process_resident_memory_bytes', 'Resident memory size, in bytes.', () =>
    process.memoryUsage.rss(),
  );
  registry.gauge(
    'nodejs_heap_size_used_bytes',
    'V8 heap in use, in bytes.',
    () => process.memoryUsage().heapUsed,
  );
  const operationLatency = registry.histogram(
    'stockroom_operation_request_duration_seconds',
    'Time to answer an operation request (single or batch), from acceptance to response.',
  );
  const httpLatency = registry.histogram(
    'stockroom_http_request_duration_seconds',
    'Time to answer any HTTP request, by method, route and status class.',
  );

  /** One label object per series (route patterns and status classes are few): see seriesKey. */
  const httpLabels = new Map<string, Labels>();
  const outcomeLabels = new Map<string, Labels>(OUTCOMES.map((outcome) => [outcome, { outcome }]));
  const unknownOutcome = { outcome: 'unknown' };

  return {
    answered(answers: readonly OperationAnswer[], durationMs: number) {
      for (const answer of answers) {
        switch (answer.kind) {
          case 'committed':
            operations.inc(outcomeLabels.get(outcomeOf(answer.receipt)) ?? unknownOutcome);
            break;
          case 'replayed':
            replays.inc();
            break;
          case 'refused':
            refusals.inc({ code: answer.problem.code });
            if (answer.problem.code === 'key-reused') keyReuses.inc();
            if (answer.problem.code === 'operation-expired') expiries.inc();
            break;
          default:
            assertNever(answer);
        }
      }
      operationLatency.observe(durationMs / 1000);
    },
    observeHttp(method, route, status, durationMs) {
      const cls = `${Math.floor(status / 100)}xx`;
      const name = `${method} ${route} ${cls}`;
      let labels = httpLabels.get(name);
      if (!labels) {
        labels = { method, route, status: cls };
        httpLabels.set(name, labels);
      }
      httpLatency.observe(durationMs / 1000, labels);
    },
    collect: () => registry.collect(),
    render: async () =>
      deps.gather ? renderFamilies(await deps.gather(() => registry.collect())) : registry.render(),
    contentType: PROMETHEUS_CONTENT_TYPE,
  };
}

/**
 * The outcome of a receipt as committed (core/receipt.ts: `operationId`, then `outcome`), read
 * without parsing the whole receipt on every answer.
 */
const OUTCOME = /^\{"operationId":"(?:[^"\\]|\\.)*","outcome":"([a-z-]+)"/;

export function outcomeOf(receipt: string): string {
  return OUTCOME.exec(receipt)?.[1] ?? 'unknown';
}
