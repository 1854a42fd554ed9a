/**
 * The export worker: delivers each export-outbox row at least once to the sink, with effect id =
 * operation id, then records the delivery. A crash between delivering and recording delivers the
 * row again later (once its claim lapses); the sink's deduplication makes that harmless. A batch
 * that failed is kept and retried first (its claim would hold it from every worker for a while).
 *
 *        ┌──────────── delivered: go again at once ◄──────────┐
 *        ▼                                                    │
 *   ┌─► round: claim ─► deliver ─► record ───────────────────┘
 *   │      │ nothing to do          │ sink or store failed
 *   │      ▼                        ▼
 *   │   sleep(idleMs) or wake()   sleep(full jitter of failures so far)
 *   └──────┴────────────────────────┘
 */
import type { Clock } from '../clock';
import type { ExportRow, Store } from '../store/store';
import { DEFAULT_BACKOFF, fullJitterDelay, type BackoffPolicy } from './backoff';
import type { Sink } from './sink';

export interface ExportWorkerDeps {
  store: Pick<Store, 'claimExports' | 'markExported'>;
  sink: Sink;
  clock: Clock;
  /** In [0, 1): the jitter source. */
  random: () => number;
  /** Resolves after `ms`, or early when `signal` aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  batchSize?: number;
  idleMs?: number;
  backoff?: BackoffPolicy;
  /** Test-only crash point: after the sink accepted a batch, before the delivery is recorded. */
  beforeRecord?: (rows: readonly ExportRow[]) => void | Promise<void>;
  onError?: (error: unknown, failures: number, delayMs: number) => void;
}

export type RoundResult =
  { kind: 'idle' } | { kind: 'delivered'; count: number } | { kind: 'sink-failed'; error: unknown };

export interface ExportWorker {
  /** One round. A sink failure is a value; store errors and the crash hook propagate. */
  runOnce(): Promise<RoundResult>;
  start(): void;
  /** Cuts an idle wait short (call it after committing applied operations). */
  wake(): void;
  /** Stops after the current round; resolves when it has. */
  stop(): Promise<void>;
  /** Failed rounds in a row (0 when healthy). */
  readonly failures: number;
}

export function timerSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

export function createExportWorker(deps: ExportWorkerDeps): ExportWorker {
  const sleep = deps.sleep ?? timerSleep;
  const batchSize = deps.batchSize ?? 100;
  const idleMs = deps.idleMs ?? 1000;
  const backoff = deps.backoff ?? DEFAULT_BACKOFF;
  let failures = 0;
  /** Claimed rows not yet recorded as delivered. */
  let held: readonly ExportRow[] = [];
  let running: Promise<void> | null = null;
  let stopping = new AbortController();
  let napping = new AbortController();

  async function runOnce(): Promise<RoundResult> {
    const rows = held.length ? held : await deps.store.claimExports(batchSize, deps.clock.now());
    if (rows.length === 0) return { kind: 'idle' };
    held = rows;
    try {
      await deps.sink.deliver(rows.map((r) => ({ effectId: r.effectId, payload: r.payload })));
    } catch (error) {
      return { kind: 'sink-failed', error };
    }
    await deps.beforeRecord?.(rows);
    await deps.store.markExported(
      rows.map((r) => r.effectId),
      deps.clock.now(),
    );
    held = [];
    return { kind: 'delivered', count: rows.length };
  }

  async function loop(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      let result: RoundResult;
      try {
        result = await runOnce();
      } catch (error) {
        result = { kind: 'sink-failed', error };
      }
      if (result.kind === 'delivered') {
        failures = 0;
        continue;
      }
      if (result.kind === 'idle') {
        failures = 0;
        napping = new AbortController();
        await sleep(idleMs, AbortSignal.any([signal, napping.signal]));
        continue;
      }
      failures++;
      const delay = fullJitterDelay(failures, backoff, deps.random);
      deps.onError?.(result.error, failures, delay);
      await sleep(delay, signal);
    }
  }

  return {
    runOnce,
    start() {
      if (running) return;
      stopping = new AbortController();
      running = loop(stopping.signal);
    },
    wake() {
      napping.abort();
    },
    async stop() {
      stopping.abort();
      await running;
      running = null;
    },
    get failures() {
      return failures;
    },
  };
}
