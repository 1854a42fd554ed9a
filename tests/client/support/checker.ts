/**
 * The safety checker, written once: nothing lost, nothing doubled, nothing falsely confirmed.
 * It reads what the device stored (IndexedDB) and what the server holds (its store and journal),
 * and returns violations in words. Run against the real client it finds none; against the
 * deliberately broken variants it must find some (model.test.ts proves both).
 */
import type { HistoryEntry } from '../../../src/protocol/schemas';
import type { OperationRecord } from '../../../src/client/core/records';
import type { OperationRecord as ServerRecord } from '../../../src/server/store/store';

export interface DeviceEvidence {
  /** Each with its stored receipt inside (`receipt`), if any. */
  records: OperationRecord[];
  /** Intents the person made (each `adjust` that resolved). */
  decided: number;
}

export interface ServerEvidence {
  /** Applied effects on each of the schedule's items (the business journal). */
  journal: Map<string, HistoryEntry[]>;
  /** The server's record for each id the device holds (null: none, or removed by cleanup). */
  records: Map<string, ServerRecord | null>;
  /** Per item: quantity when the schedule began, and now. */
  quantities: Map<string, { start: number; now: number; device: number | null }>;
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
  for (const [id, list] of effects) {
    if (list.length > 1) problems.push(`${id} has ${list.length} effects on the server`);
    if (!byId.has(id))
      problems.push(`the server applied ${id}, which the device does not hold (a doubled intent)`);
  }

  for (const r of device.records) {
    const n = effects.get(r.id)?.length ?? 0;
    const receipt = r.receipt;
    const s = r.state;
    if (s.kind === 'confirmed' && receipt?.receipt.outcome === 'applied' && n !== 1) {
      problems.push(`${r.id} is confirmed as applied but has ${n} effects`);
    }
    if ((s.kind === 'rejected' || s.kind === 'not-applied' || s.kind === 'review') && n !== 0) {
      problems.push(`${r.id} is ${s.kind} but has ${n} effects`);
    }
    const serverRecord = server.records.get(r.id);
    if (receipt && serverRecord && !sameReceipt(receipt.text, serverRecord.receipt)) {
      problems.push(
        `${r.id}: the stored receipt differs from the server's (${receipt.text} vs ${serverRecord.receipt})`,
      );
    }
    if (receipt && receipt.receipt.outcome === 'applied' && n === 0 && serverRecord !== null) {
      problems.push(`${r.id} holds an applied receipt the journal does not show`);
    }
  }

  for (const [itemId, q] of server.quantities) {
    const sum = (server.journal.get(itemId) ?? []).reduce((total, e) => total + e.delta, 0);
    if (q.now !== q.start + sum) {
      problems.push(
        `${itemId}: the server holds ${q.now}, but start ${q.start} + applied deltas ${sum} = ${q.start + sum}`,
      );
    }
    if (q.device !== null && q.device !== q.now) {
      problems.push(
        `${itemId}: the device's confirmed projection says ${q.device}, the server ${q.now}`,
      );
    }
  }

  problems.push(...unearnedVerdicts(device.records));
  return problems;
}
