/**
 * Deliberately broken PostgreSQL stores: the real store (src/server/store/postgres-store.ts) with
 * an `apply` that skips one rule, to prove the safety suites can see what it breaks.
 * Never used outside tests.
 */
import pg from 'pg';
import { pastDeadline } from '../../../src/server/core/deadline';
import {
  find,
  inWriterTransaction,
  planFor,
  readItem,
  writePlan,
  type ApplyStep,
  type Plan,
} from '../../../src/server/store/postgres-apply';
import { Database, poolSettings } from '../../../src/server/store/postgres-connection';
import { render, sql, type Fragment } from '../../../src/server/store/postgres-sql';
import {
  openPostgresStore,
  splitSchema,
  type PostgresOptions,
} from '../../../src/server/store/postgres-store';
import type { ApplyRequest, Store } from '../../../src/server/store/store';
import { override } from './override';

/** Reads the item without claiming the id first. */
const NO_CLAIM = sql`SELECT 1 AS claimed`;

async function readUnclaimed(tx: Parameters<ApplyStep>[0], request: ApplyRequest) {
  const read = await readItem(tx, request, NO_CLAIM);
  if (!read) throw new Error('SELECT 1 always answers a row');
  return read;
}

function insertReceipt(p: Plan, onConflict: Fragment): Fragment {
  const r = p.request;
  return sql`INSERT INTO operations
               (user_id, id, fingerprint, receipt, deadline, recorded_at, op, created_at)
             VALUES (${r.userId}, ${r.operationId}, ${r.fingerprint}, ${p.text}, ${r.deadline},
                     ${p.at}, ${JSON.stringify(r.op)}, ${r.createdAt})
             ON CONFLICT (user_id, id) ${onConflict}`;
}

/**
 * BROKEN: no claim of the id, so a repeat is decided and applied again; its receipt replaces the
 * first one's, and its export row the first one's.
 */
const noDedup: ApplyStep = async (tx, request, now) => {
  const read = await readUnclaimed(tx, request);
  const at = now();
  if (pastDeadline(at, request.deadline)) return { kind: 'expired' };
  const plan = planFor(request, read, at);
  if (plan.verdict.outcome === 'applied') {
    tx.defer(render(sql`DELETE FROM export_outbox WHERE effect_id = ${request.operationId}`));
  }
  const upsert = insertReceipt(plan, sql`DO UPDATE SET receipt = EXCLUDED.receipt`);
  tx.defer(render(writePlan(plan, upsert)));
  return { kind: 'committed', receipt: plan.text };
};

/**
 * BROKEN: each receipt commits on its own through `outside`, before its effect's transaction
 * (which may roll back). A pool of its own, so a transaction never waits for a connection of
 * its own pool.
 */
const receiptOutsideTx =
  (outside: Database): ApplyStep =>
  async (tx, request, now) => {
    const existing = await find(tx, request.userId, request.operationId);
    if (existing) return { kind: 'existing', record: existing };
    const read = await readUnclaimed(tx, request);
    const at = now();
    if (pastDeadline(at, request.deadline)) return { kind: 'expired' };
    const plan = planFor(request, read, at);
    await outside.query(render(insertReceipt(plan, sql`DO NOTHING`)));
    tx.defer(render(writePlan(plan, sql`SELECT 1`)));
    return { kind: 'committed', receipt: plan.text };
  };

export async function openBrokenPostgresStore(
  databaseUrl: string,
  variant: 'no-dedup' | 'receipt-outside-tx',
  options: Omit<PostgresOptions, 'apply'> = {},
): Promise<Store> {
  if (variant === 'no-dedup') {
    return openPostgresStore(databaseUrl, {
      ...options,
      apply: (pool, requests, o) => inWriterTransaction(pool, requests, o, noDedup),
    });
  }
  const { url, schema: fromUrl } = splitSchema(databaseUrl);
  const schema = options.schema ?? fromUrl;
  const pooler = options.pooler ?? 'none';
  const outside = new Database(
    new pg.Pool({ ...poolSettings(url, pooler, schema), max: 4 }),
    pooler,
    schema,
  );
  const step = receiptOutsideTx(outside);
  let store: Store;
  try {
    store = await openPostgresStore(databaseUrl, {
      ...options,
      apply: (pool, requests, o) => inWriterTransaction(pool, requests, o, step),
    });
  } catch (error) {
    await outside.pool.end();
    throw error;
  }
  return override(store, {
    close: async () => {
      await outside.pool.end();
      await store.close();
    },
  });
}
