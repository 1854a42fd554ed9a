/** The store contract, part 2: `apply` (verdicts, identity, deadline, faults, races). */
import { expect, it } from 'vitest';
import { Receipt, type Op } from '../../../src/protocol/schemas';
import { at, ALICE, BOB, committed, DAY, T0, type ContractContext } from './store-contract-support';

const parse = (text: string) => Receipt.parse(JSON.parse(text));

export function registerApplyContract(ctx: ContractContext): void {
  it('applies an adjustment: receipt, record, effect and export row', async () => {
    await ctx.seed();
    const request = await ctx.request({
      type: 'adjust',
      itemId: 'lamp-14',
      delta: -2,
      reason: 'sold',
    });
    const { results, timing } = await ctx.store.apply([request], at(T0 + 312));
    const text = committed(results[0]);
    expect(parse(text)).toEqual({
      operationId: request.operationId,
      outcome: 'applied',
      reason: null,
      itemId: 'lamp-14',
      delta: -2,
      resultingQuantity: 10,
      itemRevision: 2,
      recordedAt: new Date(T0 + 312).toISOString(),
      compacted: false,
    });
    expect(timing.tx).toBeGreaterThanOrEqual(0);
    expect(timing.commit).toBeGreaterThanOrEqual(0);
    expect(await ctx.store.findOperation(ALICE.id, request.operationId)).toEqual({
      userId: ALICE.id,
      operationId: request.operationId,
      fingerprint: request.fingerprint,
      receipt: text,
      deadline: request.deadline,
      compacted: false,
    });
    expect(await ctx.quantity('lamp-14')).toBe(10);
    expect(await ctx.store.exportBacklog()).toEqual({ pending: 1, oldestCreatedAt: T0 + 312 });
  });

  it('decides every verdict of the three operation types, storing rejected and review too', async () => {
    await ctx.seed();
    const cases: [Op, Partial<Receipt>][] = [
      [
        { type: 'adjust', itemId: 'lamp-14', delta: -13, reason: 'sold' },
        {
          outcome: 'review',
          reason: 'would-go-negative',
          delta: 0,
          resultingQuantity: 12,
          itemRevision: 1,
        },
      ],
      [
        { type: 'adjust', itemId: 'lamp-14', delta: -13, reason: 'sold', allowNegative: true },
        { outcome: 'applied', reason: null, delta: -13, resultingQuantity: -1, itemRevision: 2 },
      ],
      [
        { type: 'adjust', itemId: 'ghost', delta: 1, reason: 'received' },
        {
          outcome: 'rejected',
          reason: 'unknown-item',
          delta: 0,
          resultingQuantity: null,
          itemRevision: null,
        },
      ],
      [
        { type: 'count', itemId: 'bolt-1', quantity: 90, basedOnRevision: 1 },
        { outcome: 'applied', delta: -10, resultingQuantity: 90, itemRevision: 2 },
      ],
      [
        { type: 'count', itemId: 'bolt-1', quantity: 80, basedOnRevision: 1 },
        {
          outcome: 'review',
          reason: 'stale-count',
          delta: 0,
          resultingQuantity: 90,
          itemRevision: 2,
        },
      ],
      [
        { type: 'count', itemId: 'ghost', quantity: 1, basedOnRevision: 0 },
        { outcome: 'rejected', reason: 'unknown-item', resultingQuantity: null },
      ],
      [
        {
          type: 'createItem',
          itemId: 'tape-9',
          sku: 'TP-9',
          name: 'Tape',
          location: 'D',
          initialQuantity: 4,
        },
        { outcome: 'applied', delta: 4, resultingQuantity: 4, itemRevision: 1 },
      ],
      [
        {
          type: 'createItem',
          itemId: 'tape-9',
          sku: 'TP-X',
          name: 'Tape',
          location: 'D',
          initialQuantity: 1,
        },
        { outcome: 'rejected', reason: 'duplicate-item', delta: 0, resultingQuantity: 4 },
      ],
      [
        {
          type: 'createItem',
          itemId: 'tape-10',
          sku: 'TP-9',
          name: 'Tape',
          location: 'D',
          initialQuantity: 1,
        },
        { outcome: 'rejected', reason: 'duplicate-item', resultingQuantity: null },
      ],
    ];
    for (const [op, expected] of cases) {
      const { request, receipt } = await ctx.apply(op);
      expect(parse(receipt), JSON.stringify(op)).toMatchObject(expected);
      expect(await ctx.receiptOf(request)).toBe(receipt);
    }
    const items = (await ctx.store.listItems(null)).items;
    expect(items.map((i) => [i.id, i.quantity]).sort()).toEqual([
      ['bolt-1', 90],
      ['lamp-14', -1],
      ['nut-2', 50],
      ['tape-9', 4],
    ]);
    // Applied operations only reach the journal and the export outbox.
    expect((await ctx.store.exportBacklog()).pending).toBe(3);
    expect((await ctx.store.history('lamp-14', 10, null))?.entries).toHaveLength(1);
  });

  it('applies operations of one call in order, each with its own outcome', async () => {
    const ops: Op[] = [
      {
        type: 'createItem',
        itemId: 'cup-3',
        sku: 'CUP-3',
        name: 'Cup',
        location: 'A',
        initialQuantity: 2,
      },
      { type: 'adjust', itemId: 'cup-3', delta: 5, reason: 'received' },
      { type: 'adjust', itemId: 'cup-3', delta: -100, reason: 'sold' },
      { type: 'count', itemId: 'cup-3', quantity: 1, basedOnRevision: 2 },
    ];
    const requests = await Promise.all(ops.map((op) => ctx.request(op)));
    const { results } = await ctx.store.apply(requests, at(T0));
    expect(
      results.map((r) => parse(committed(r))).map((r) => [r.outcome, r.resultingQuantity]),
    ).toEqual([
      ['applied', 2],
      ['applied', 7],
      ['review', 7],
      ['applied', 1],
    ]);
    expect(await ctx.quantity('cup-3')).toBe(1);
  });

  it('returns the stored record, byte for byte, for an id it has seen: never a second effect', async () => {
    await ctx.seed();
    const { request, receipt } = await ctx.adjust('lamp-14', -2, T0);
    await ctx.adjust('lamp-14', -3, T0 + 1); // the item moves on; the receipt does not
    const changed = {
      ...request,
      fingerprint: 'another-fingerprint',
      op: { ...request.op, delta: -9 } as Op,
    };
    const pastDeadline = at(request.deadline + 10 * DAY);
    for (const [req, clock] of [
      [request, at(T0 + 2)],
      [changed, at(T0 + 3)],
      [request, pastDeadline],
    ] as const) {
      const { results } = await ctx.store.apply([req], clock);
      expect(results).toEqual([
        {
          kind: 'existing',
          record: {
            userId: ALICE.id,
            operationId: request.operationId,
            fingerprint: request.fingerprint,
            receipt,
            deadline: request.deadline,
            compacted: false,
          },
        },
      ]);
    }
    expect(await ctx.quantity('lamp-14')).toBe(7);
    expect((await ctx.store.exportBacklog()).pending).toBe(2);
  });

  it('treats a repeated id inside one call as already seen', async () => {
    await ctx.seed();
    const request = await ctx.request({
      type: 'adjust',
      itemId: 'nut-2',
      delta: 1,
      reason: 'returned',
    });
    const { results } = await ctx.store.apply([request, request], at(T0));
    const first = committed(results[0]);
    expect(results[1]).toMatchObject({ kind: 'existing', record: { receipt: first } });
    expect(await ctx.quantity('nut-2')).toBe(51);
  });

  it('scopes operation ids to their user', async () => {
    const op: Op = { type: 'adjust', itemId: 'ghost', delta: 1, reason: 'received' };
    const a = await ctx.apply(op, { id: 'Lshared.1', userId: ALICE.id });
    const b = await ctx.apply(op, { id: 'Lshared.1', userId: BOB.id, at: T0 + 5 });
    expect(parse(b.receipt).recordedAt).toBe(new Date(T0 + 5).toISOString());
    expect(await ctx.store.findOperation(ALICE.id, 'Lshared.1')).toMatchObject({
      receipt: a.receipt,
    });
    expect(await ctx.store.findOperation(BOB.id, 'Lshared.1')).toMatchObject({
      receipt: b.receipt,
    });
    expect(await ctx.store.findOperation('u-carol', 'Lshared.1')).toBeNull();
  });

  it('refuses a first apply after the deadline (judged with now()) and stores nothing', async () => {
    await ctx.seed();
    const late = await ctx.request({
      type: 'adjust',
      itemId: 'lamp-14',
      delta: -1,
      reason: 'sold',
    });
    const onTime = await ctx.request({
      type: 'adjust',
      itemId: 'lamp-14',
      delta: -1,
      reason: 'sold',
    });
    const exact = await ctx.request(
      { type: 'adjust', itemId: 'lamp-14', delta: -1, reason: 'sold' },
      { deadline: T0 + 1000 },
    );
    const { results } = await ctx.store.apply(
      [{ ...late, deadline: T0 + 999 }, { ...onTime, deadline: T0 + 5000 }, exact],
      at(T0 + 1000),
    );
    expect(results.map((r) => r.kind)).toEqual(['expired', 'committed', 'committed']);
    expect(await ctx.store.findOperation(ALICE.id, late.operationId)).toBeNull();
    expect(await ctx.quantity('lamp-14')).toBe(10);
    expect((await ctx.store.exportBacklog()).pending).toBe(2);
    // Still unknown: a later attempt inside a (hypothetically) longer window would be its first.
    const again = await ctx.store.apply([{ ...late, deadline: T0 + 999 }], at(T0 + 2000));
    expect(again.results).toEqual([{ kind: 'expired' }]);
  });

  it('leaves nothing behind when the transaction fails before commit', async () => {
    await ctx.seed();
    const request = await ctx.request({
      type: 'adjust',
      itemId: 'lamp-14',
      delta: -2,
      reason: 'sold',
    });
    const create = await ctx.request({
      type: 'createItem',
      itemId: 'pen-1',
      sku: 'PEN-1',
      name: 'Pen',
      location: 'A',
      initialQuantity: 1,
    });
    await expect(
      ctx.store.apply([create, request], { now: () => T0, failBeforeCommit: true }),
    ).rejects.toMatchObject({ kind: 'simulated-crash' });
    expect(await ctx.store.findOperation(ALICE.id, request.operationId)).toBeNull();
    expect(await ctx.store.findOperation(ALICE.id, create.operationId)).toBeNull();
    expect(await ctx.quantity('lamp-14')).toBe(12);
    expect(await ctx.quantity('pen-1')).toBeUndefined();
    expect(await ctx.store.exportBacklog()).toEqual({ pending: 0, oldestCreatedAt: null });
    expect((await ctx.store.history('lamp-14', 10, null))?.entries).toEqual([]);
    // The same id is then simply new.
    const { results } = await ctx.store.apply([request], at(T0 + 1));
    expect(results[0]?.kind).toBe('committed');
    expect(await ctx.quantity('lamp-14')).toBe(10);
  });

  it('lets exactly one of two concurrent duplicates (two store handles) commit', async () => {
    await ctx.seed();
    const second = await ctx.open();
    const n = 24;
    const requests = await Promise.all(
      Array.from({ length: n }, () =>
        ctx.request({ type: 'adjust', itemId: 'bolt-1', delta: 1, reason: 'received' }),
      ),
    );
    const race = await Promise.all(
      requests.flatMap((r, i) => [ctx.store.apply([r], at(T0 + i)), second.apply([r], at(T0 + i))]),
    );
    for (let i = 0; i < n; i++) {
      const pair = [race[2 * i]?.results[0], race[2 * i + 1]?.results[0]];
      const winner = pair.find((r) => r?.kind === 'committed');
      const loser = pair.find((r) => r?.kind === 'existing');
      expect(winner && loser, JSON.stringify(pair)).toBeTruthy();
      if (winner?.kind === 'committed' && loser?.kind === 'existing') {
        expect(loser.record.receipt).toBe(winner.receipt);
      }
    }
    expect(await ctx.quantity('bolt-1')).toBe(100 + n);
    expect((await ctx.store.history('bolt-1', 200, null))?.entries).toHaveLength(n);
    expect((await second.exportBacklog()).pending).toBe(n);
  });
}
