/**
 * The export worker: delivers each export-outbox row at least once to the sink, with effect id =
 * operation id, and records each delivery as soon as the sink reports it accepted (per effect for
 * the webhook, per append for the ledger file). A refusal keeps only the rest of the batch, which
 * is retried first (its claim would hold it from every worker for a while); what was accepted
 * before it is recorded and never sent again. A crash between an acceptance and its record
 * delivers that one effect again later (once its claim lapses); the sink's deduplication makes
 * that harmless.
 *
 *        ┌── delivered: a full batch at once, less after lingerMs ◄───┐
 *        ▼                                                            │
 *   ┌─► round: claim ─► deliver ─► (each acceptance) record ─────────┘
 *   │      │ nothing to do          │ refused: keep the rest
 *   │      ▼                        ▼
 *   │   sleep(idleMs) or wake()   sleep(full jitter of rounds in a row with no progress)
 *   └──────┴────────────────────────┘
 */
import type { Clock } from '../clock';
import type { ExportRow, Store } from '../store/store';
import { fullJitterDelay, type JitterBounds } from '../../protocol/backoff';
import type { Sink } from './sink';

/**
 * A short base: a downstream that refuses now and then (a 503 among many 2xx) costs each refusal a
 * wait of 50 ms on average, not a stall; one that keeps refusing still backs off to the cap within
 * ten rounds.
 */
export const DEFAULT_EXPORT_BACKOFF: JitterBounds = { baseMs: 100, capMs: 60_000 };

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
  /**
   * After a round that delivered less than a full batch, wait this long before the next, so
   * effects accumulate into fewer rounds: each round's record is a durable commit (an fsync on
   * the server's thread) that would otherwise compete with the operations' group commits.
   */
  lingerMs?: number;
  /** Full-jitter bounds while the sink fails (default `DEFAULT_EXPORT_BACKOFF`). */
  backoff?: JitterBounds;
  /** Test-only crash point: after the sink accepted these rows, before their delivery is recorded. */
  beforeRecord?: (rows: readonly ExportRow[]) => void | Promise<void>;
  onError?: (error: unknown, failures: number, delayMs: number) => void;
}

export type RoundResult =
  | { kind: 'idle' }
  | { kind: 'delivered'; count: number }
  /** `count` rows were accepted and recorded before the refusal. */
  | { kind: 'sink-failed'; error: unknown; count: number };

export interface ExportWorker {
  /** One round. A sink failure is a value; store errors and the crash hook propagate. */
  runOnce(): Promise<RoundResult>;
  start(): void;
  /** Cuts an idle wait short (call it after committing applied operations). */
  wake(): void;
  /** Stops after the current round; resolves when it has. */
  stop(): Promise<void>;
  /** Failed rounds in a row (0 when healthy; a failed round that recorded progress counts as the first). */
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

/** What the worker's progress callback throws to a sink when a stop was asked for. */
const STOPPED = new Error('the export worker is stopping');

export function createExportWorker(deps: ExportWorkerDeps): ExportWorker {
  const sleep = deps.sleep ?? timerSleep;
  const batchSize = deps.batchSize ?? 100;
  const idleMs = deps.idleMs ?? 1000;
  const lingerMs = deps.lingerMs ?? 100;
  const backoff = deps.backoff ?? DEFAULT_EXPORT_BACKOFF;
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
    let count = 0;
    /** A store (or crash hook) failure while recording propagates, unlike a refusal. */
    let recordFailed = false;
    const record = async (n: number): Promise<void> => {
      const done = held.slice(0, n);
      try {
        await deps.beforeRecord?.(done);
        await deps.store.markExported(
          done.map((r) => r.effectId),
          deps.clock.now(),
        );
      } catch (error) {
        recordFailed = true;
        throw error;
      }
      held = held.slice(n);
      count += n;
      // A stop waits for the effect in flight, not for the rest of the batch: the sink hears
      // STOPPED when it reports the effect in flight, and sends nothing more. What it did not report stays claimed
      // (held here, and by the claim's lease for any other process).
      if (stopping.signal.aborted && held.length > 0) throw STOPPED;
    };
    try {
      await deps.sink.deliver(
        rows.map((r) => ({ effectId: r.effectId, payload: r.payload })),
        record,
      );
    } catch (error) {
      if (error === STOPPED) return { kind: 'delivered', count };
      if (recordFailed) throw error;
      return { kind: 'sink-failed', error, count };
    }
    // What the sink did not report one by one was accepted when `deliver` resolved.
    if (held.length > 0) await record(held.length);
    return { kind: 'delivered', count };
  }

  async function loop(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      let result: RoundResult;
      try {
        result = await runOnce();
      } catch (error) {
        result = { kind: 'sink-failed', error, count: 0 };
      }
      if (result.kind === 'delivered') {
        failures = 0;
        if (result.count < batchSize) await sleep(lingerMs, signal);
        continue;
      }
      if (result.kind === 'idle') {
        failures = 0;
        napping = new AbortController();
        await sleep(idleMs, AbortSignal.any([signal, napping.signal]));
        continue;
      }
      // Backoff counts rounds in a row that moved nothing: a round that got some effects accepted
      // before a refusal shows the downstream is alive, so what is left waits only a first delay.
      failures = result.kind === 'sink-failed' && result.count > 0 ? 1 : failures + 1;
      const delay = fullJitterDelay(failures, deps.random(), backoff);
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
