/**
 * Fixing mistakes (docs/client.md#fixing-mistakes) against the real server: Cancel — not sent yet,
 * Reverse this change, Enter again as new with the person's edited values; and a pending count on
 * the item.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { effectsOf, opById, signedIn, startHarness, until, type Harness } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});
afterEach(async () => {
  h.network.set(true);
  await h.clearFaults();
});

const itemOf = (c: Awaited<ReturnType<typeof signedIn>>, id: string) => {
  const item = c.getSnapshot().items.find((i) => i.id === id);
  if (!item) throw new Error(`no item ${id}`);
  return item;
};

describe('Cancel — not sent yet', () => {
  it('removes a change that never left the device in one transaction; nothing is ever sent', async () => {
    const c = await signedIn(h);
    h.network.set(false);
    const op = await c.adjust({ itemId: 'lamp-14', delta: -3, reason: 'sold' });
    await c.whenIdle();
    expect(opById(c, op.id).canCancel).toBe(true);
    expect(itemOf(c, 'lamp-14').pendingDelta).toBe(-3);

    await c.cancelUnsent(op.id);
    expect(c.getSnapshot().operations.some((o) => o.id === op.id)).toBe(false);
    expect(itemOf(c, 'lamp-14').pendingDelta).toBe(0);
    const store = await h.storeOf(c);
    expect(await store.read((tx) => tx.get('operations', op.id))).toBeUndefined();
    store.close();

    h.network.set(true);
    await c.syncNow({ newRound: true });
    await c.whenIdle();
    expect(await effectsOf(h, 'lamp-14', op.id)).toBe(0);
    expect(await h.server.store.findOperation(c.getSnapshot().user?.id ?? '', op.id)).toBeNull();
  });

  it('is refused once an attempt is recorded: only a new change can undo it', async () => {
    const c = await signedIn(h);
    await h.fault({ fault: 'drop-request', times: 1 });
    const op = await c.adjust({ itemId: 'lamp-14', delta: -1, reason: 'sold' });
    await c.whenIdle();
    expect(opById(c, op.id).state).toBe('unknown');
    expect(opById(c, op.id).canCancel).toBe(false);
    await expect(c.cancelUnsent(op.id)).rejects.toMatchObject({ kind: 'not-allowed' });
    expect(opById(c, op.id).state).toBe('unknown');
  });

  it('cancelling a change entered again puts the original back in review', async () => {
    const c = await signedIn(h);
    const big = await c.adjust({ itemId: 'mug-blue', delta: -1_000_000, reason: 'sold' });
    await c.whenIdle();
    expect(opById(c, big.id).state).toBe('review');
    h.network.set(false);
    const again = await c.enterAgainAsNew(big.id, {
      type: 'adjust',
      itemId: 'mug-blue',
      delta: -1,
      reason: 'sold',
    });
    expect(opById(c, big.id).resolution).toMatchObject({ newOperationId: again.id });
    await c.cancelUnsent(again.id);
    expect(opById(c, big.id).resolution).toBeNull();
    expect(opById(c, big.id).canEnterAgain).toBe(true);
  });
});

describe('Reverse this change', () => {
  it('makes a new adjustment of the opposite delta, reason correction, naming the original', async () => {
    const c = await signedIn(h);
    const before = itemOf(c, 'candle-fig').quantity;
    const op = await c.adjust({ itemId: 'candle-fig', delta: 5, reason: 'received' });
    await c.whenIdle();
    expect(opById(c, op.id).canReverse).toBe(true);

    h.network.set(false);
    const reversal = await c.reverse(op.id);
    expect(reversal.id).not.toBe(op.id);
    expect(reversal.op).toEqual({
      type: 'adjust',
      itemId: 'candle-fig',
      delta: -5,
      reason: 'correction',
      note: `Reverses “Add 5 to Scented candle, fig” (${op.id})`,
    });
    // One reversal per change: the button goes, and a second call is refused.
    expect(opById(c, op.id).canReverse).toBe(false);
    await expect(c.reverse(op.id)).rejects.toMatchObject({ kind: 'not-allowed' });
    expect(itemOf(c, 'candle-fig').pendingDelta).toBe(-5);

    h.network.set(true);
    await c.whenIdle();
    await until(() => opById(c, reversal.id).state === 'confirmed', 'the reversal confirmed');
    expect(await effectsOf(h, 'candle-fig', reversal.id)).toBe(1);
    expect(itemOf(c, 'candle-fig').quantity).toBe(before);
    const history = await c.history('candle-fig');
    expect(history.entries[0]).toMatchObject({
      operationId: reversal.id,
      reason: 'correction',
      note: expect.stringContaining(op.id) as unknown,
    });
    // A reversal is itself a confirmed adjustment, which may be reversed in turn.
    expect(opById(c, reversal.id).canReverse).toBe(true);
  });

  it('only a confirmed adjustment can be reversed', async () => {
    const c = await signedIn(h);
    h.network.set(false);
    const queued = await c.adjust({ itemId: 'candle-fig', delta: 1, reason: 'received' });
    expect(opById(c, queued.id).canReverse).toBe(false);
    await expect(c.reverse(queued.id)).rejects.toMatchObject({ kind: 'not-allowed' });
    const count = await c.count({ itemId: 'candle-fig', quantity: 3, basedOnRevision: 0 });
    await expect(c.reverse(count.id)).rejects.toMatchObject({ kind: 'not-allowed' });
  });
});

describe('Enter again as new, edited', () => {
  it('saves the edited values as one new change and nothing else', async () => {
    const c = await signedIn(h);
    const big = await c.adjust({ itemId: 'mug-blue', delta: -1_000_000, reason: 'sold' });
    await c.whenIdle();
    expect(opById(c, big.id).state).toBe('review');
    const count = c.getSnapshot().operations.length;

    await expect(
      c.enterAgainAsNew(big.id, { type: 'adjust', itemId: 'lamp-14', delta: -1, reason: 'sold' }),
    ).rejects.toMatchObject({ kind: 'not-allowed' });
    await expect(
      c.enterAgainAsNew(big.id, {
        type: 'count',
        itemId: 'mug-blue',
        quantity: 1,
        basedOnRevision: 0,
      }),
    ).rejects.toMatchObject({ kind: 'not-allowed' });
    expect(c.getSnapshot().operations.length).toBe(count);

    const again = await c.enterAgainAsNew(big.id, {
      type: 'adjust',
      itemId: 'mug-blue',
      delta: -1,
      reason: 'sold',
      note: 'only one was sold',
    });
    await c.whenIdle();
    expect(opById(c, again.id).state).toBe('confirmed');
    expect(opById(c, again.id).op).toMatchObject({ delta: -1, note: 'only one was sold' });
    expect(c.getSnapshot().operations.length).toBe(count + 1);
    expect(await effectsOf(h, 'mug-blue', big.id)).toBe(0);
  });
});

describe('a pending count', () => {
  it('shows on the item like a pending adjustment, until confirmed', async () => {
    const c = await signedIn(h);
    h.network.set(false);
    const item = itemOf(c, 'lamp-14');
    expect(item.pendingCount).toBeNull();
    await c.count({ itemId: 'lamp-14', quantity: 4, basedOnRevision: item.revision });
    await c.count({ itemId: 'lamp-14', quantity: 6, basedOnRevision: item.revision });
    expect(itemOf(c, 'lamp-14').pendingCount).toBe(6);
    h.network.set(true);
    await c.whenIdle();
    expect(itemOf(c, 'lamp-14').pendingCount).toBeNull();
  });
});
