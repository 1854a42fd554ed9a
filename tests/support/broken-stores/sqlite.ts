/**
 * Deliberately broken steps for the real SQLite store (src/server/store/sqlite-store.ts), each
 * passed as its `apply` collaborator, so everything else (group commit, savepoints, faults) is the
 * production path; they prove the safety suites can see what they break. They break the item
 * operations; a place's operation (the setup of a suite) takes the production step. Never used
 * outside tests.
 */
import { isPlaceOp } from '../../../src/protocol/op-item';
import {
  applyOne,
  find,
  planNew,
  planResult,
  writeEffect,
  writePlan,
  writeReceipt,
  type ApplyStep,
} from '../../../src/server/store/sqlite-apply';
import { SAVEPOINT } from '../../../src/server/store/sqlite-group-commit';

/**
 * BROKEN: no lookup of the id before deciding, so a repeat is decided and applied again; its
 * receipt replaces the first one (and its export row the first one's), as `INSERT OR REPLACE`.
 */
export const noDedup: ApplyStep = (tx, request, now) => {
  if (isPlaceOp(request.op)) return applyOne(tx, request, now);
  const plan = planNew(tx, request, now);
  if (plan.kind === 'write') {
    tx.db
      .prepare('DELETE FROM operations WHERE user_id = ? AND id = ?')
      .run(request.userId, request.operationId);
    if (plan.verdict.outcome === 'applied') {
      tx.db.prepare('DELETE FROM export_outbox WHERE effect_id = ?').run(request.operationId);
    }
    writePlan(tx, plan);
  }
  return planResult(plan);
};

/**
 * BROKEN: each receipt commits on its own, before its effect's transaction (which may roll back):
 * the group's transaction is committed, the receipt written outside any, and a new transaction and
 * savepoint opened for the effect.
 */
export const receiptOutsideTx: ApplyStep = (tx, request, now) => {
  if (isPlaceOp(request.op)) return applyOne(tx, request, now);
  const existing = find(tx, request.userId, request.operationId);
  if (existing) return { kind: 'existing', record: existing };
  const plan = planNew(tx, request, now);
  if (plan.kind === 'write') {
    tx.db.exec('COMMIT');
    writeReceipt(tx, plan);
    tx.db.exec(`BEGIN IMMEDIATE; SAVEPOINT ${SAVEPOINT}`);
    writeEffect(tx, plan);
  }
  return planResult(plan);
};
