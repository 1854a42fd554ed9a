import { describe, expect, it } from 'vitest';
import type { RoundReport } from '../client';
import { DrainIncomplete, syncOutbox } from './background-drain';

const idle: RoundReport = { end: 'idle', wakeAt: null, attempts: 2, receipts: 2 };

describe('syncOutbox', () => {
  it('resolves when the round left nothing to do', async () => {
    await expect(syncOutbox(() => Promise.resolve(idle))).resolves.toEqual(idle);
  });

  it('asks the browser to sync again while work is left', async () => {
    for (const report of [
      { ...idle, wakeAt: 1_000 },
      { ...idle, end: 'offline' as const },
      // A tab watching step by step sends it; should that tab close first, the next sync does.
      { ...idle, end: 'left-to-a-tab' as const },
    ]) {
      await expect(syncOutbox(() => Promise.resolve(report))).rejects.toBeInstanceOf(
        DrainIncomplete,
      );
    }
  });
});
