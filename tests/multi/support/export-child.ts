/**
 * A process that only runs the export worker (SQLite outbox → JSON-lines ledger) until the outbox
 * is empty, for the kill -9 suite. Prints "ready" once the store and the ledger are open.
 * RECORD_DELAY_MS widens the window between writing the ledger and recording the delivery, so
 * random kills land in it often (a slow database would do the same).
 */
import { systemClock } from '../../../src/server/clock';
import { openFileSink } from '../../../src/server/export/file-sink';
import { createExportWorker } from '../../../src/server/export/worker';
import { openSqliteStore } from '../../../src/server/store/sqlite-store';

async function main(): Promise<void> {
  const store = await openSqliteStore(process.env['STOCKROOM_DB'] ?? '');
  const sink = await openFileSink(process.env['EXPORT_FILE'] ?? '');
  const worker = createExportWorker({
    store,
    sink,
    clock: systemClock,
    random: Math.random,
    batchSize: Number(process.env['BATCH'] ?? '3'),
    beforeRecord: () =>
      new Promise((r) => setTimeout(r, Number(process.env['RECORD_DELAY_MS'] ?? '0'))),
  });
  console.log('ready');
  for (;;) {
    const result = await worker.runOnce();
    if (result.kind === 'idle') break;
    if (result.kind === 'sink-failed') throw result.error;
  }
  await sink.close();
  await store.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
