import { describe, expect, it } from 'vitest';
import { buildReceipt, receiptText } from '../core/receipt';
import type { ItemState } from '../core/item-state';
import { createServerMetrics, outcomeOf } from './server-metrics';

const LAMP: ItemState = {
  id: 'lamp',
  sku: 'LMP',
  name: 'Lamp',
  location: 'A1',
  quantity: 3,
  revision: 2,
  barcode: null,
  lowStockThreshold: null,
  archived: false,
  fieldRevisions: {},
  stock: { main: 3 },
};

const T0 = Date.UTC(2026, 10, 29, 17);
const receipt = (outcome: string) => JSON.stringify({ operationId: 'L.1', outcome });

describe('server metrics', () => {
  it('counts operations by outcome, replays, key reuses, expiries, sheds and export lag', async () => {
    let oldest: number | null = T0 - 90_000;
    const metrics = createServerMetrics({
      clock: { now: () => T0 },
      store: {
        exportBacklog: async () => ({ pending: oldest === null ? 0 : 2, oldestCreatedAt: oldest }),
      },
      admission: { stats: () => ({ inFlight: 2, queued: 1, shed: 5, serviceMs: 3 }) },
    });
    metrics.answered(
      [
        { kind: 'committed', id: 'L.1', receipt: receipt('applied') },
        { kind: 'committed', id: 'L.2', receipt: receipt('review') },
        { kind: 'committed', id: 'L.3', receipt: receipt('applied') },
        { kind: 'replayed', id: 'L.1', receipt: receipt('applied') },
        { kind: 'refused', id: 'L.4', problem: { code: 'key-reused', detail: '' } },
        { kind: 'refused', id: 'L.5', problem: { code: 'operation-expired', detail: '' } },
      ],
      12,
    );
    metrics.observeHttp('GET', '/api/items', 200, 3);
    const text = await metrics.render();
    expect(metrics.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(text).toContain('stockroom_operations_total{outcome="applied"} 2\n');
    expect(text).toContain('stockroom_operations_total{outcome="review"} 1\n');
    expect(text).toContain('stockroom_replays_total 1\n');
    expect(text).toContain('stockroom_key_reuses_total 1\n');
    expect(text).toContain('stockroom_expired_total 1\n');
    expect(text).toContain('stockroom_refusals_total{code="key-reused"} 1\n');
    expect(text).toContain('stockroom_shed_total 5\n');
    expect(text).toContain('stockroom_operations_in_flight 2\n');
    expect(text).toContain('stockroom_operations_queued 1\n');
    expect(text).toContain('stockroom_export_pending 2\n');
    expect(text).toContain('stockroom_export_lag_seconds 90\n');
    expect(text).toContain('stockroom_operation_request_duration_seconds_count 1\n');
    expect(text).toContain('stockroom_operation_request_duration_seconds_bucket{le="0.025"} 1\n');
    expect(text).toContain(
      'stockroom_http_request_duration_seconds_count{method="GET",route="/api/items",status="2xx"} 1\n',
    );
    oldest = null;
    expect(await metrics.render()).toContain('stockroom_export_lag_seconds 0\n');
  });
});

describe('outcomeOf', () => {
  it('reads the outcome of a receipt as committed, whatever the id holds', () => {
    const receipt = (operationId: string, outcome: 'applied' | 'rejected' | 'review') =>
      receiptText(
        buildReceipt(
          operationId,
          { type: 'adjust', itemId: 'lamp', delta: 1, reason: 'received' },
          outcome === 'applied'
            ? { outcome, delta: 1, item: LAMP, created: false, edits: [] }
            : { outcome, reason: 'unknown-item', item: null },
          0,
        ),
      );
    expect(outcomeOf(receipt('L1.0', 'applied'))).toBe('applied');
    expect(outcomeOf(receipt('L"outcome":"review".1', 'rejected'))).toBe('rejected');
    expect(outcomeOf(receipt('L\\".2', 'review'))).toBe('review');
    expect(outcomeOf('not a receipt')).toBe('unknown');
  });
});
