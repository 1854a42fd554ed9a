import { describe, expect, it } from 'vitest';
import { collectDiagnostics, Diagnostics } from './diagnostics';

const T0 = Date.UTC(2026, 10, 29, 17);
const retention = {
  leaseTtlMs: 7 * 86_400_000,
  receiptTtlMs: 2 * 86_400_000,
  tombstoneGraceMs: 7 * 86_400_000,
  settleMs: 300_000,
  cleanupIntervalMs: 3_600_000,
};

describe('diagnostics', () => {
  it('reports queue, in-flight, sheds, the oldest pending export, store kind and retention', async () => {
    const d = await collectDiagnostics({
      clock: { now: () => T0 },
      store: {
        kind: 'postgres',
        exportBacklog: async () => ({ pending: 4, oldestCreatedAt: T0 - 2500 }),
      },
      admission: { stats: () => ({ inFlight: 3, queued: 2, shed: 9, serviceMs: 4.567 }) },
      retention,
    });
    expect(Diagnostics.parse(d)).toEqual({
      now: new Date(T0).toISOString(),
      store: 'postgres',
      operations: { inFlight: 3, queued: 2, shed: 9, averageMs: 4.57 },
      export: { pending: 4, oldestPendingAt: new Date(T0 - 2500).toISOString(), lagSeconds: 2.5 },
      retention,
    });
  });

  it('has no export lag when nothing is pending', async () => {
    const d = await collectDiagnostics({
      clock: { now: () => T0 },
      store: { kind: 'sqlite', exportBacklog: async () => ({ pending: 0, oldestCreatedAt: null }) },
      admission: { stats: () => ({ inFlight: 0, queued: 0, shed: 0, serviceMs: 5 }) },
      retention,
    });
    expect(d.export).toEqual({ pending: 0, oldestPendingAt: null, lagSeconds: 0 });
  });
});
