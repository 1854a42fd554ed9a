/**
 * `GET /api/diagnostics` (manager only): what an operator needs when operations feel slow — queue
 * depth, in-flight operations, sheds, the oldest pending export, the store kind and the retention
 * settings. The shape is a zod schema, so the OpenAPI document describes exactly this.
 */
import { z } from 'zod';
import { Timestamp } from '../../protocol/schemas';
import type { Clock } from '../clock';
import type { RetentionSettings } from '../core/retention';
import type { Store } from '../store/store';
import type { ShedStats } from '../core/admission-rule';

export const Diagnostics = z.object({
  now: Timestamp,
  store: z.enum(['sqlite', 'postgres']),
  operations: z.object({
    inFlight: z.number().int(),
    queued: z.number().int(),
    shed: z.number().int(),
    averageMs: z.number(),
  }),
  export: z.object({
    pending: z.number().int(),
    oldestPendingAt: z.nullable(Timestamp),
    lagSeconds: z.number(),
  }),
  retention: z.object({
    leaseTtlMs: z.number().int(),
    receiptTtlMs: z.number().int(),
    tombstoneGraceMs: z.number().int(),
    settleMs: z.number().int(),
    cleanupIntervalMs: z.number().int(),
  }),
});
export type Diagnostics = z.infer<typeof Diagnostics>;

export interface DiagnosticsDeps {
  clock: Clock;
  store: Pick<Store, 'kind' | 'exportBacklog'>;
  admission: { stats(): ShedStats };
  retention: RetentionSettings & { cleanupIntervalMs: number };
}

export async function collectDiagnostics(deps: DiagnosticsDeps): Promise<Diagnostics> {
  const now = deps.clock.now();
  const backlog = await deps.store.exportBacklog();
  const shed = deps.admission.stats();
  const r = deps.retention;
  return {
    now: new Date(now).toISOString(),
    store: deps.store.kind,
    operations: {
      inFlight: shed.inFlight,
      queued: shed.queued,
      shed: shed.shed,
      averageMs: Math.round(shed.serviceMs * 100) / 100,
    },
    export: {
      pending: backlog.pending,
      oldestPendingAt:
        backlog.oldestCreatedAt === null ? null : new Date(backlog.oldestCreatedAt).toISOString(),
      lagSeconds:
        backlog.oldestCreatedAt === null ? 0 : Math.max(0, now - backlog.oldestCreatedAt) / 1000,
    },
    retention: {
      leaseTtlMs: r.leaseTtlMs,
      receiptTtlMs: r.receiptTtlMs,
      tombstoneGraceMs: r.tombstoneGraceMs,
      settleMs: r.settleMs,
      cleanupIntervalMs: r.cleanupIntervalMs,
    },
  };
}
