/**
 * How durable each of the sender's settling transactions must be (docs/architecture.md#durability).
 *
 * A person's decision (enqueue) and the claim of an attempt stay strict: the decision is the only
 * copy of what the person did, and the claim is what makes "Cancel — not sent yet" honest (an
 * operation with no recorded attempt provably never left the device). A transaction that only
 * stores receipts may be relaxed: if a crash of the machine loses it, its operations are still
 * recorded as sent, so the next round asks the server about them (`GET /api/operations/{id}`) and
 * gets each receipt again, within the server's retention window. Anything else a settle stores (a
 * refusal, a retry's backoff) stays strict: only a receipt is the server's to give again.
 */
export type Durability = 'strict' | 'relaxed';

export function settleDurability(
  settlements: readonly { kind: 'receipt' | 'event' }[],
): Durability {
  if (settlements.length === 0) return 'strict';
  return settlements.every((s) => s.kind === 'receipt') ? 'relaxed' : 'strict';
}
