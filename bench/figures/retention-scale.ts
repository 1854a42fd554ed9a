/**
 * retention_scale: apply throughput with 1,000,000 stored receipts (quick: 200,000) ÷ with none.
 * In process, through the real store, 32 applies in flight (so group commit amortizes the fsync and
 * the per-operation work in the big indexes shows), alternating between the two databases.
 * A round is long enough to span about one WAL checkpoint on each side (the store checkpoints every
 * 10,000 pages; a grouped apply writes ~1.3): with rounds of 2,000 the checkpoint fell in one
 * side's round and not the other's (the full side's fourth round, 0.6-0.76, in every quiet run).
 */
import { join } from 'node:path';
import { atLeast, type Figure } from '../figure';
import { fillReceipts } from '../support/receipt-filler';
import { applyOne, fileStore, requestMaker, seededStore } from '../support/sqlite-fixture';
import { alternate, timed, type Rate } from '../support/stats';
import type { ApplyRequest, Store } from '../../src/server/store/store';

const IN_FLIGHT = 32;
const ROUNDS = 4;

/** `count` first-time applies with `IN_FLIGHT` awaiting at any moment; continues `next`'s sequence. */
function applier(store: Store, perRound: number): () => Promise<Rate> {
  const next = requestMaker();
  let seq = 0;
  return () =>
    timed(async () => {
      const end = seq + perRound;
      const worker = async () => {
        while (seq < end) {
          const request: ApplyRequest = await next(seq++);
          await applyOne(store, request);
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
      return perRound;
    });
}

export const retentionScale: Figure = {
  name: 'retention_scale',
  target: '≥ 0.9',
  async run({ quick, workDir }) {
    const receipts = quick ? 200_000 : 1_000_000;
    const perRound = quick ? 8000 : 20_000;
    const warmup = quick ? 1000 : 2000;
    const fullPath = join(workDir, 'full.db');
    await (await seededStore(fullPath)).close();
    const fillStarted = Date.now();
    fillReceipts(fullPath, receipts);
    const fillSeconds = (Date.now() - fillStarted) / 1000;
    const full = await fileStore(fullPath);
    const empty = await seededStore(join(workDir, 'empty.db'));
    try {
      // A warm-up on each, so neither side pays for the JIT or for reading its hot pages
      // (the B-tree paths the inserts take) into the caches for the first time.
      await applier(full, warmup)();
      await applier(empty, warmup)();
      const ab = await alternate(ROUNDS, applier(full, perRound), applier(empty, perRound));
      return atLeast(ab.ratio, 0.9, {
        withReceiptsPerSec: ab.a,
        emptyPerSec: ab.b,
        storedReceipts: receipts,
        appliesEach: perRound * ROUNDS,
        inFlight: IN_FLIGHT,
        fillSeconds,
        totalRatio: ab.totalRatio,
        rounds: ab.rounds,
      });
    } finally {
      await full.close();
      await empty.close();
    }
  },
};
