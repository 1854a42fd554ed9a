import { expect, it } from 'vitest';
import { openMemoryStore } from '../store/memory-store';
import { sampleRecord } from '../../../tests/support/client/sample-record';
import { storeLease } from './leases';
import { putOperation } from './record-index';

const NOW = Date.parse('2026-11-29T17:00:00.000Z');
const lease = (id: string) => ({
  lease: {
    id,
    userId: 'u1',
    deviceId: 'd1',
    size: 100,
    issuedAt: new Date(NOW).toISOString(),
    deadline: new Date(NOW + 86_400_000).toISOString(),
  },
  token: `token-${id}`,
});

/** Written before handles existed: no `handle` field. */
const oldRecord = (id: string, order: number) => sampleRecord(order, { id });

it('re-keying keeps the handle: the first id, also for records from before handles', async () => {
  const store = openMemoryStore();
  await store.write(async (tx) => {
    await storeLease(tx, 'u1', lease('L1'), NOW);
    await putOperation(tx, oldRecord('L1.0', 0));
    await putOperation(tx, { ...oldRecord('L1.1', 1), handle: 'L0.7' }); // re-keyed once already
  });
  const { rekeyed } = await store.write((tx) => storeLease(tx, 'u1', lease('L2'), NOW));
  expect(rekeyed).toEqual([
    { from: 'L1.0', to: 'L2.0' },
    { from: 'L1.1', to: 'L2.1' },
  ]);
  const moved = await store.read((tx) =>
    Promise.all([tx.get('operations', 'L2.0'), tx.get('operations', 'L2.1')]),
  );
  expect(moved.map((r) => r?.handle)).toEqual(['L1.0', 'L0.7']);
});
