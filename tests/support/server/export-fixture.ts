/** Test fixture: a store whose export outbox holds `count` applied operations. */
import { fingerprint } from '../../../src/protocol/fingerprint';
import type { Op } from '../../../src/protocol/schemas';
import type { ApplyRequest, Store } from '../../../src/server/store/store';

export const FIXTURE_USER = {
  id: 'u-export',
  name: 'exporter',
  role: 'staff',
  passwordHash: 'x',
} as const;

/** Applies `count` adjustments (all applied) and returns their operation ids, oldest first. */
export async function fillOutbox(
  store: Store,
  count: number,
  now: number,
  lease = 'Lexport',
): Promise<string[]> {
  if (!(await store.userById(FIXTURE_USER.id))) await store.insertUser({ ...FIXTURE_USER });
  const { items } = await store.listItems(null);
  if (!items.some((i) => i.id === 'export-item')) {
    await store.seedItems(
      [{ id: 'export-item', sku: 'EXP-1', name: 'Exported', location: 'A', quantity: 0 }],
      now,
    );
  }
  const op: Op = { type: 'adjust', itemId: 'export-item', delta: 1, reason: 'received' };
  const print = await fingerprint(op);
  const ids: string[] = [];
  for (let i = 0; i < count; i += 50) {
    const requests: ApplyRequest[] = [];
    for (let j = i; j < Math.min(count, i + 50); j++) {
      requests.push({
        userId: FIXTURE_USER.id,
        role: FIXTURE_USER.role,
        operationId: `${lease}.${j}`,
        fingerprint: print,
        op,
        deadline: now + 86_400_000,
        createdAt: null,
      });
    }
    const { results } = await store.apply(requests, { now: () => now + i });
    results.forEach((r, k) => {
      if (r.kind !== 'committed') throw new Error(`fixture operation not committed: ${r.kind}`);
      ids.push(requests[k]?.operationId ?? '');
    });
  }
  return ids;
}
