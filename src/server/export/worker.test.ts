import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../store/sqlite-store';
import type { Store } from '../store/store';
import { fillOutbox } from '../../../tests/support/server/export-fixture';
import { openFileSink } from './file-sink';
import { ledgerEffectIds } from './ledger';
import type { Effect, Sink } from './sink';
import { createExportWorker, timerSleep } from './worker';

const T0 = Date.UTC(2026, 10, 29, 17);

/** A sink in memory that fails its first `failures` deliveries. */
function flakySink(failures: number): Sink & { delivered: string[]; attempts: number } {
  const sink = {
    kind: 'webhook' as const,
    delivered: [] as string[],
    attempts: 0,
    async deliver(effects: readonly Effect[]) {
      sink.attempts++;
      if (sink.attempts <= failures) throw new Error(`sink down (${sink.attempts})`);
      effects.forEach((e) => sink.delivered.push(e.effectId));
    },
    async close() {},
  };
  return sink;
}

/**
 * A worker's sleep that records every wait and returns at once, except the idle wait (`idleMs`):
 * that one resolves `rested` and then naps until the worker is stopped.
 */
function napsUntilIdle(idleMs: number) {
  const waits: number[] = [];
  let resting: () => void = () => undefined;
  const rested = new Promise<void>((resolve) => (resting = resolve));
  const sleep = (ms: number, signal: AbortSignal): Promise<void> => {
    waits.push(ms);
    if (ms !== idleMs) return Promise.resolve();
    resting();
    return timerSleep(60_000, signal);
  };
  return { waits, rested, sleep };
}

describe('export worker', () => {
  let store: Store;
  let dir = '';
  beforeEach(async () => {
    store = await openSqliteStore('sqlite::memory:');
    dir = await mkdtemp(join(tmpdir(), 'stockroom-worker-'));
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('delivers rows to the sink, records them, and is idle when the outbox is empty', async () => {
    const ids = await fillOutbox(store, 7, T0);
    const sink = await openFileSink(join(dir, 'export.jsonl'));
    const worker = createExportWorker({
      store,
      sink,
      clock: { now: () => T0 + 1000 },
      random: () => 0.5,
      batchSize: 3,
    });
    expect(await worker.runOnce()).toEqual({ kind: 'delivered', count: 3 });
    expect(await worker.runOnce()).toEqual({ kind: 'delivered', count: 3 });
    expect(await worker.runOnce()).toEqual({ kind: 'delivered', count: 1 });
    expect(await worker.runOnce()).toEqual({ kind: 'idle' });
    expect(await ledgerEffectIds(join(dir, 'export.jsonl'))).toEqual(ids);
    expect(await store.exportBacklog()).toEqual({ pending: 0, oldestCreatedAt: null });
  });

  it('backs off with full jitter while the sink fails, records nothing, then catches up', async () => {
    const ids = await fillOutbox(store, 4, T0);
    const sink = flakySink(3);
    const { waits, rested, sleep } = napsUntilIdle(5000);
    const draws = [0.5, 0.25, 0.75];
    const errors: number[] = [];
    const worker = createExportWorker({
      store,
      sink,
      clock: { now: () => T0 + 1000 },
      random: () => draws.shift() ?? 0,
      backoff: { baseMs: 1000, capMs: 60_000 },
      idleMs: 5000,
      onError: (_e, failures) => errors.push(failures),
      sleep,
    });
    worker.start();
    await rested;
    await worker.stop();
    // Failure n waits random() · base · 2^(n-1): 0.5·1000, 0.25·2000, 0.75·4000; the delivery
    // (less than a batch) lingers 100 ms; then idle.
    expect(waits).toEqual([500, 500, 3000, 100, 5000]);
    expect(errors).toEqual([1, 2, 3]);
    expect(worker.failures).toBe(0);
    expect(sink.delivered).toEqual(ids);
    expect((await store.exportBacklog()).pending).toBe(0);
  });

  it('goes again at once after a full batch, and lingers after a partial one', async () => {
    const ids = await fillOutbox(store, 3, T0);
    const sink = flakySink(0);
    const { waits, rested, sleep } = napsUntilIdle(5000);
    const worker = createExportWorker({
      store,
      sink,
      clock: { now: () => T0 + 1000 },
      random: () => 0,
      batchSize: 2,
      lingerMs: 100,
      idleMs: 5000,
      sleep,
    });
    worker.start();
    await rested;
    await worker.stop();
    expect(waits).toEqual([100, 5000]);
    expect(sink.delivered).toEqual(ids);
  });

  it('wakes from an idle wait when asked, and stops promptly', async () => {
    let idle: () => void = () => undefined;
    const firstNap = new Promise<void>((resolve) => (idle = resolve));
    let delivered: () => void = () => undefined;
    const both = new Promise<void>((resolve) => (delivered = resolve));
    const sink = flakySink(0);
    const worker = createExportWorker({
      store,
      sink: {
        ...sink,
        deliver: async (effects) => {
          await sink.deliver(effects);
          if (sink.delivered.length >= 2) delivered();
        },
      },
      clock: { now: () => T0 },
      random: () => 0,
      idleMs: 3_600_000, // an hour: only wake() can end this nap within the test
      sleep: (ms, signal) => {
        idle();
        return timerSleep(ms, signal);
      },
    });
    worker.start();
    await firstNap;
    const ids = await fillOutbox(store, 2, T0);
    worker.wake();
    await both;
    await worker.stop();
    expect(sink.delivered).toEqual(ids);
  });

  it('stops after the effect in flight, not after the rest of its batch', async () => {
    const ids = await fillOutbox(store, 5, T0);
    const sent: string[] = [];
    let inFlight: () => void = () => undefined;
    const firstSent = new Promise<void>((resolve) => (inFlight = resolve));
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    // A slow downstream that reports each effect as the webhook sink does.
    const sink: Sink = {
      kind: 'webhook',
      async deliver(effects, accepted) {
        for (const e of effects) {
          sent.push(e.effectId);
          if (sent.length === 1) {
            inFlight();
            await answered;
          }
          await accepted?.(1);
        }
      },
      async close() {},
    };
    const worker = createExportWorker({
      store,
      sink,
      clock: { now: () => T0 + 1000 },
      random: () => 0.5,
      batchSize: 5,
    });
    worker.start();
    await firstSent;
    const stopped = worker.stop();
    answer();
    await stopped;
    expect(sent).toEqual(ids.slice(0, 1));
    expect(await store.exportBacklog()).toMatchObject({ pending: 4 });
  });
});
