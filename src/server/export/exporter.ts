/**
 * The export worker as the server runs it: the configured sink, the server clock, and a start/stop
 * pair for the composition root (src/server/start.ts).
 */
import type { Clock } from '../clock';
import type { Store } from '../store/store';
import { openExportSink, type SinkConfig } from './open-sink';
import { createExportWorker, type ExportWorker } from './worker';

export interface ExporterOptions extends SinkConfig {
  store: Store;
  clock: Clock;
  random?: () => number;
  idleMs?: number;
  onError?: (error: unknown, failures: number, delayMs: number) => void;
}

export interface Exporter {
  worker: ExportWorker;
  /** Finishes the current round, then closes the sink. */
  stop(): Promise<void>;
}

/**
 * Export rows per round. The ledger takes a whole batch as one append (one lock, one open, one
 * fsync), so a round of 500 costs the server's thread about what a round of 100 does; at thousands
 * of operations a second, rounds of 100 took ~8% of its time (bench/README.md, ops_vs_minimal).
 * The webhook sends effect by effect, so its rounds stay short: a claim lapses after 60 s.
 */
export const EXPORT_BATCH = { file: 500, webhook: 100 } as const;

export async function startExporter(options: ExporterOptions): Promise<Exporter> {
  const sink = await openExportSink(options);
  const worker = createExportWorker({
    store: options.store,
    sink,
    clock: options.clock,
    random: options.random ?? Math.random,
    batchSize: EXPORT_BATCH[sink.kind],
    ...(options.idleMs !== undefined ? { idleMs: options.idleMs } : {}),
    ...(options.onError ? { onError: options.onError } : {}),
  });
  worker.start();
  return {
    worker,
    async stop() {
      await worker.stop();
      await sink.close();
    },
  };
}
