/**
 * The safety checker, written once: nothing lost, nothing doubled, nothing falsely confirmed.
 * It reads what the device stored (IndexedDB) and what the server holds (its store and journal),
 * and returns violations in words. Run against the real client it finds none; against the
 * deliberately broken variants it must find some (model.test.ts proves both).
 */
import { assertNever } from '../../../src/protocol/assert-never';
import type { HistoryEntry, Op, StocktakeLine } from '../../../src/protocol/schemas';
import type { OperationRecord } from '../../../src/client/core/records';
import type { OperationRecord as ServerRecord } from '../../../src/server/store/store';
import { proposeItem, type Uncounted } from '../../../src/server/core/stocktake-apply';

export interface DeviceEvidence {
  /** Each with its stored receipt inside (`receipt`), if any. */
  records: OperationRecord[];
  /** Intents the person made (each `adjust` that resolved). */
  decided: number;
}

export interface ServerEvidence {
  /** Applied effects on each of the schedule's items (the business journal, newest first). */
  journal: Map<string, HistoryEntry[]>;
  /** The server's record for each id the device holds (null: none, or removed by cleanup). */
  records: Map<string, ServerRecord | null>;
  /**
   * Per item: quantity per place when the schedule began, and now; the server's total now; the
   * device's confirmed total (null: not on the device).
   */
  quantities: Map<
    string,
    {
      start: Record<string, number>;
      now: Record<string, number>;
      total: number;
      device: number | null;
    }
  >;
  /** The schedule's stock-take (started before it): its place and the server's count lines. */
  stocktake: { placeId: string; lines: StocktakeLine[] };
}

const TERMINAL = new Set(['confirmed', 'rejected', 'review', 'expired', 'not-applied']);

/** States that claim the server's verdict is known: each needs its receipt stored. */
function claimsReceipt(r: OperationRecord): boolean {
  const s = r.state;
  return (
    s.kind === 'confirmed' ||
    s.kind === 'rejected' ||
    (s.kind === 'review' && s.reason.code === 'receipt')
  );
}

/** Nothing shown confirmed (or otherwise settled by a receipt) without the receipt stored. */
export function unearnedVerdicts(
  records: readonly OperationRecord[],
  shownConfirmed: readonly string[] = [],
): string[] {
  const stored = new Set(records.filter((r) => r.receipt !== undefined).map((r) => r.id));
  const problems = records
    .filter((r) => claimsReceipt(r) && !stored.has(r.id))
    .map((r) => `${r.id} is ${r.state.kind} without a stored receipt`);
  for (const id of shownConfirmed) {
    if (!stored.has(id)) problems.push(`${id} is shown confirmed without a stored receipt`);
  }
  return problems;
}

/** A compacted server record keeps the receipt's fields; only `compacted` changes. */
function sameReceipt(device: string, server: string): boolean {
  if (device === server) return true;
  return device.replace('"compacted":false', '"compacted":true') === server;
}

export function checkSchedule(
  device: DeviceEvidence,
  server: ServerEvidence,
  options: { drained: boolean },
): string[] {
  const problems: string[] = [];
  const ids = device.records.map((r) => r.id);
  const byId = new Map(device.records.map((r) => [r.id, r]));

  if (ids.length !== device.decided) {
    problems.push(
      `${device.decided} intents were saved but the device holds ${ids.length} operations`,
    );
  }
  if (new Set(ids).size !== ids.length) problems.push('an operation id is held twice');

  if (options.drained) {
    for (const r of device.records) {
      if (!TERMINAL.has(r.state.kind))
        problems.push(`${r.id} is still ${r.state.kind} after draining`);
    }
  }

  const effects = new Map<string, HistoryEntry[]>();
  const journal = [...server.journal.values()].flat();
  for (const e of journal) effects.set(e.operationId, [...(effects.get(e.operationId) ?? []), e]);
  for (const id of effects.keys()) {
    if (!byId.has(id))
      problems.push(`the server applied ${id}, which the device does not hold (a doubled intent)`);
  }
  for (const [itemId, entries] of server.journal) {
    const seen = new Map<string, number>();
    for (const e of entries) {
      const key = `${e.operationId} at ${e.placeId ?? '-'}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    for (const [key, n] of seen)
      if (n > 1) problems.push(`${key} has ${n} effects on ${itemId} on the server`);
  }
  const lines = new Map<string, number>();
  for (const l of server.stocktake.lines)
    lines.set(l.operationId, (lines.get(l.operationId) ?? 0) + 1);

  for (const r of device.records) {
    const list = effects.get(r.id) ?? [];
    const n = list.length;
    const receipt = r.receipt;
    const s = r.state;
    const applied = s.kind === 'confirmed' && receipt?.receipt.outcome === 'applied';
    const expected = expectedEntries(r.op);
    if (applied && expected !== null && n !== expected) {
      problems.push(
        `${r.id} is confirmed as applied but has ${n} effects (a ${r.op.type}: ${expected})`,
      );
    }
    if (applied && r.op.type === 'transfer' && n === 2) {
      const { fromPlaceId, toPlaceId, quantity } = r.op;
      const got = list.map((e) => `${e.placeId} ${e.delta}`).sort();
      const want = [`${fromPlaceId} ${-quantity}`, `${toPlaceId} ${quantity}`].sort();
      if (got.join() !== want.join())
        problems.push(
          `${r.id}: the transfer's sides are ${got.join(', ')}, not ${want.join(', ')}`,
        );
    }
    const settledWithout = s.kind === 'rejected' || s.kind === 'not-applied' || s.kind === 'review';
    if (settledWithout && n !== 0) problems.push(`${r.id} is ${s.kind} but has ${n} effects`);
    const held = lines.get(r.id) ?? 0;
    if (
      held > 1 ||
      (applied && r.op.type === 'stocktakeCount' && held !== 1) ||
      (settledWithout && held !== 0)
    )
      problems.push(`${r.id} is ${s.kind} with ${held} count lines on the server`);
    const serverRecord = server.records.get(r.id);
    if (receipt && serverRecord && !sameReceipt(receipt.text, serverRecord.receipt)) {
      problems.push(
        `${r.id}: the stored receipt differs from the server's (${receipt.text} vs ${serverRecord.receipt})`,
      );
    }
    if (
      receipt &&
      receipt.receipt.outcome === 'applied' &&
      expected !== null &&
      expected > 0 &&
      n === 0 &&
      serverRecord !== null
    ) {
      problems.push(`${r.id} holds an applied receipt the journal does not show`);
    }
  }
  for (const id of lines.keys())
    if (!byId.has(id))
      problems.push(
        `the server holds a count line of ${id}, which the device does not hold (a doubled intent)`,
      );

  for (const [itemId, q] of server.quantities) {
    const entries = server.journal.get(itemId) ?? [];
    for (const place of new Set([...Object.keys(q.start), ...Object.keys(q.now)])) {
      const start = q.start[place] ?? 0;
      const now = q.now[place] ?? 0;
      const sum = entries.filter((e) => e.placeId === place).reduce((t, e) => t + e.delta, 0);
      if (now !== start + sum) {
        problems.push(
          `${itemId} at ${place}: the server holds ${now}, but start ${start} + applied deltas ${sum} = ${start + sum}`,
        );
      }
    }
    const total = Object.values(q.now).reduce((t, n) => t + n, 0);
    if (q.total !== total)
      problems.push(`${itemId}: the server's total is ${q.total}, its places hold ${total}`);
    if (q.device !== null && q.device !== q.total) {
      problems.push(
        `${itemId}: the device's confirmed projection says ${q.device}, the server ${q.total}`,
      );
    }
  }

  const applies = device.records.filter(
    (r) =>
      r.op.type === 'applyStocktake' &&
      r.state.kind === 'confirmed' &&
      r.receipt?.receipt.outcome === 'applied',
  );
  if (applies.length > 1) problems.push(`the stock-take was applied ${applies.length} times`);
  for (const r of applies) {
    if (r.op.type !== 'applyStocktake') continue;
    for (const [itemId, q] of server.quantities) {
      const problem = applyRuleViolation(
        r.id,
        r.op.uncounted,
        server.stocktake.placeId,
        q.start[server.stocktake.placeId] ?? 0,
        server.stocktake.lines.filter((l) => l.itemId === itemId),
        [...(server.journal.get(itemId) ?? [])].reverse(),
      );
      if (problem) problems.push(`${itemId}: ${problem}`);
    }
  }

  problems.push(...unearnedVerdicts(device.records));
  return problems;
}

/** How many journal entries an applied operation writes (null: it depends, as a stock-take's apply). */
function expectedEntries(op: Op): number | null {
  switch (op.type) {
    case 'transfer':
      return 2;
    case 'adjust':
    case 'count':
    case 'createItem':
    case 'updateItem':
    case 'archiveItem':
      return 1;
    case 'applyStocktake':
      return null;
    case 'startStocktake':
    case 'stocktakeCount':
    case 'cancelStocktake':
    case 'createPlace':
    case 'updatePlace':
    case 'archivePlace':
      return 0;
    default:
      return assertNever(op);
  }
}

/**
 * The stock-take's apply on one item against the core's apply rule (the model): at the apply's own
 * entry, that place's quantity must be what the rule proposes from the server's count lines and the
 * changes at the place before it. Without an entry (nothing changed), some moment in the item's
 * history must have had the place at what the rule proposes then.
 */
function applyRuleViolation(
  applyId: string,
  uncounted: Uncounted,
  placeId: string,
  start: number,
  lines: readonly StocktakeLine[],
  oldestFirst: readonly HistoryEntry[],
): string | null {
  const countLines = lines.map((l) => ({ ...l, userId: l.userName }));
  const proposedAt = (moment: number) => {
    const before = oldestFirst.slice(0, moment).filter((e) => e.placeId === placeId);
    const current = start + before.reduce((t, e) => t + e.delta, 0);
    const changes = before.map((e) => ({ revision: e.revision ?? Number.NaN, delta: e.delta }));
    return { current, proposed: proposeItem(countLines, changes, current, uncounted).proposed };
  };
  const own = oldestFirst.findIndex((e) => e.operationId === applyId && e.placeId === placeId);
  if (own >= 0) {
    const { proposed } = proposedAt(own);
    const got = oldestFirst[own]?.placeQuantity;
    return got === proposed
      ? null
      : `the stock-take made ${got} of ${placeId}, the apply rule says ${proposed}`;
  }
  for (let moment = 0; moment <= oldestFirst.length; moment++) {
    const { current, proposed } = proposedAt(moment);
    if (current === proposed) return null;
  }
  return `the stock-take left ${placeId} unchanged, but the apply rule never agreed with it`;
}
