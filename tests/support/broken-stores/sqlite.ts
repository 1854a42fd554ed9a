/**
 * Deliberately broken SQLite stores, subclasses that change one step of the real one
 * (src/server/store/sqlite-store.ts), to prove the safety suites can see what they break.
 * Never used outside tests.
 */
import type { ApplyRequest } from '../../../src/server/store/store';
import { SimulatedCrash } from '../../../src/server/store/store-errors';
import {
  planResult,
  SqliteStore,
  type Group,
  type Plan,
} from '../../../src/server/store/sqlite-store';

/**
 * BROKEN: no lookup of the id before deciding, so a repeat is decided and applied again; its
 * receipt replaces the first one (and its export row the first one's), as `INSERT OR REPLACE`.
 */
export class NoDedupSqliteStore extends SqliteStore {
  private readonly dropReceipt = this.db.prepare(
    'DELETE FROM operations WHERE user_id = ? AND id = ?',
  );
  private readonly dropExport = this.db.prepare('DELETE FROM export_outbox WHERE effect_id = ?');

  protected override plan(request: ApplyRequest, now: () => number): Plan {
    const plan = this.planNew(request, now);
    if (plan.kind === 'write') {
      this.dropReceipt.run(request.userId, request.operationId);
      if (plan.verdict.outcome === 'applied') this.dropExport.run(request.operationId);
    }
    return plan;
  }
}

/** BROKEN: each receipt commits on its own, before its effect's transaction (which may roll back). */
export class ReceiptOutsideTxSqliteStore extends SqliteStore {
  protected override commit(groups: Group[]): void {
    for (const group of groups) this.commitReceiptFirst(group);
  }

  private commitReceiptFirst(group: Group): void {
    try {
      const plans = group.requests.map((r) => this.plan(r, group.options.now));
      for (const p of plans) if (p.kind === 'write') this.writeReceipt(p);
      this.db.exec('BEGIN IMMEDIATE');
      for (const p of plans) if (p.kind === 'write') this.writeEffect(p);
      if (group.options.failBeforeCommit) throw new SimulatedCrash();
      this.db.exec('COMMIT');
      group.resolve({ results: plans.map(planResult), timing: { tx: 0, commit: 0 } });
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      group.reject(error);
    }
  }
}
