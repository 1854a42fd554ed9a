/** Fixtures and helpers shared by the parts of the store contract suite. */
import { randomUUID } from 'node:crypto';
import { fingerprint } from '../../../src/protocol/fingerprint';
import type { AdjustOp, Op } from '../../../src/protocol/schemas';
import type { ApplyRequest, ApplyResult, Store, UserRow } from '../../../src/server/store/store';

export interface StoreFixture {
  /** A new handle on this fixture's database; call it twice for two "processes". */
  open(): Promise<Store>;
  /** Removes the database (every handle is closed first). */
  dispose(): Promise<void>;
}

export const T0 = Date.UTC(2026, 10, 29, 17, 0, 0, 0);
export const DAY = 86_400_000;
export const ALICE: UserRow = { id: 'u-alice', name: 'alice', role: 'staff', passwordHash: 'h-a' };
export const BOB: UserRow = { id: 'u-bob', name: 'bob', role: 'manager', passwordHash: 'h-b' };

export const SEED = [
  { id: 'lamp-14', sku: 'LMP-14', name: 'Desk lamp', location: 'A1', quantity: 12 },
  { id: 'bolt-1', sku: 'BLT-1', name: 'Bolt', location: 'B2', quantity: 100 },
  { id: 'nut-2', sku: 'NUT-2', name: 'Nut', location: 'C3', quantity: 50 },
];

export const at = (ms: number) => ({ now: () => ms });

export interface RequestOptions {
  at?: number;
  userId?: string;
  id?: string;
  deadline?: number;
  role?: UserRow['role'];
}

export interface ContractContext {
  store: Store;
  open(): Promise<Store>;
  seed(): Promise<void>;
  request(op: Op, o?: RequestOptions): Promise<ApplyRequest>;
  /** Applies one operation that must commit; returns its receipt text. */
  apply(op: Op, o?: RequestOptions): Promise<{ request: ApplyRequest; receipt: string }>;
  adjust(
    itemId: string,
    delta: number,
    at: number,
    extra?: Partial<AdjustOp>,
  ): Promise<{ request: ApplyRequest; receipt: string }>;
  receiptOf(request: ApplyRequest): Promise<string>;
  quantity(itemId: string): Promise<number | undefined>;
}

export function contractContext(): ContractContext {
  const lease = `L${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  let seq = 0;
  const ctx: ContractContext = {
    store: undefined as unknown as Store,
    open: () => Promise.reject(new Error('not opened yet')),
    seed: () => ctx.store.seedItems(SEED, T0),
    async request(op, o = {}) {
      return {
        userId: o.userId ?? ALICE.id,
        // Most cases exercise the stock and catalogue rules; the role cases say 'staff'.
        role: o.role ?? 'manager',
        operationId: o.id ?? `${lease}.${seq++}`,
        fingerprint: await fingerprint(op),
        op,
        deadline: o.deadline ?? T0 + 7 * DAY,
        createdAt: null,
      };
    },
    async apply(op, o = {}) {
      const request = await ctx.request(op, o);
      const { results } = await ctx.store.apply([request], at(o.at ?? T0));
      return { request, receipt: committed(results[0]) };
    },
    adjust: (itemId, delta, ms, extra = {}) =>
      ctx.apply({ type: 'adjust', itemId, delta, reason: 'sold', ...extra }, { at: ms }),
    async receiptOf(request) {
      const record = await ctx.store.findOperation(request.userId, request.operationId);
      if (!record) throw new Error(`no record for ${request.operationId}`);
      return record.receipt;
    },
    async quantity(itemId) {
      const { items } = await ctx.store.listItems(null);
      return items.find((i) => i.id === itemId)?.quantity;
    },
  };
  return ctx;
}

export function committed(result: ApplyResult | undefined): string {
  if (result?.kind !== 'committed')
    throw new Error(`expected committed, got ${JSON.stringify(result)}`);
  return result.receipt;
}
