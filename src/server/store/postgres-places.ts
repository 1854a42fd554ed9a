/**
 * The place catalogue on PostgreSQL (docs/api.md#places): `createPlace`, `updatePlace`,
 * `archivePlace` inside the writers' transaction of postgres-apply.ts, and `GET /api/places`.
 *
 *   claim (user, id) ── conflict ──► the holder's record ('existing')
 *        │ claimed, and the place locked FOR UPDATE
 *   now() > deadline ──► drop the claim ('expired')
 *        │
 *   archivePlace: does any item hold stock there? (a new statement, so it sees every item
 *   operation that held the place FOR SHARE and committed before the lock was granted)
 *        │
 *   decide (core rules), write place + revision bump + export row + receipt
 *
 * Place operations are a manager's, and rare: they take plain round trips, and the one row of
 * places_revision serialises them, so place revisions become visible in commit order.
 */
import type { PlaceOp, PlacesResponse } from '../../protocol/schemas';
import { isPlaceOp } from '../../protocol/op-item';
import { decidePlace } from '../core/decide-place';
import { pastDeadline } from '../core/deadline';
import type { PlaceState } from '../core/place-state';
import { buildPlaceReceipt, placeExportPayload, receiptText } from '../core/receipt';
import { claimAndApply, find, inWriterTransaction, type ApplyTransaction } from './postgres-apply';
import type { Database } from './postgres-connection';
import type { Pipeline } from './postgres-pipeline';
import { render, sql } from './postgres-sql';
import type { ApplyRequest, ApplyResult } from './store';

/** The production step: item operations and place operations, each its own way. */
export const applyInTransaction: ApplyTransaction = (db, requests, options) =>
  inWriterTransaction(db, requests, options, (tx, request, now) =>
    isPlaceOp(request.op)
      ? claimAndApplyPlace(tx, request, request.op, now)
      : claimAndApply(tx, request, now),
  );

interface PlaceRow {
  id: string | null;
  name: string | null;
  archived: boolean | null;
  revision: number | null;
}

async function claimAndReadPlace(
  tx: Pipeline,
  r: ApplyRequest,
  placeId: string,
): Promise<{ kind: 'existing'; result: ApplyResult } | { kind: 'read'; place: PlaceState | null }> {
  for (;;) {
    const read = await tx.send<PlaceRow>(
      render(sql`WITH gate AS (INSERT INTO operations
          (user_id, id, fingerprint, receipt, deadline, recorded_at, op, created_at)
        VALUES (${r.userId}, ${r.operationId}, ${r.fingerprint}, '', ${r.deadline}, 0,
                ${JSON.stringify(r.op)}, ${r.createdAt})
        ON CONFLICT DO NOTHING RETURNING 1 AS claimed)
      SELECT p.id, p.name, p.archived, p.revision FROM gate LEFT JOIN LATERAL (
        SELECT id, name, archived, revision FROM places
        WHERE id = ${placeId} AND gate.claimed = 1 FOR UPDATE) p ON TRUE`),
    );
    const row = read.rows[0];
    if (row) {
      const place =
        row.id === null
          ? null
          : {
              id: row.id,
              name: row.name ?? '',
              archived: row.archived === true,
              revision: Number(row.revision),
            };
      return { kind: 'read', place };
    }
    // A conflicting record can vanish between the two statements (cleanup): claim again.
    const existing = await find(tx, r.userId, r.operationId);
    if (existing) return { kind: 'existing', result: { kind: 'existing', record: existing } };
  }
}

export async function claimAndApplyPlace(
  tx: Pipeline,
  request: ApplyRequest,
  op: PlaceOp,
  now: () => number,
): Promise<ApplyResult> {
  const { userId, operationId } = request;
  const read = await claimAndReadPlace(tx, request, op.placeId);
  if (read.kind === 'existing') return read.result;
  const at = now();
  if (pastDeadline(at, request.deadline)) {
    tx.defer(render(sql`DELETE FROM operations WHERE user_id = ${userId} AND id = ${operationId}`));
    return { kind: 'expired' };
  }
  const holdsStock =
    op.type === 'archivePlace' && read.place !== null && !read.place.archived
      ? await placeHoldsStock(tx, op.placeId)
      : false;
  const verdict = decidePlace(op, read.place, { role: request.role, holdsStock });
  const receipt = buildPlaceReceipt(operationId, op, verdict, at);
  const text = receiptText(receipt);
  if (verdict.outcome === 'applied') {
    const p = verdict.place;
    tx.defer(
      render(
        verdict.created
          ? sql`WITH rev AS (UPDATE places_revision SET value = value + 1 WHERE id = 1
                             RETURNING value)
                INSERT INTO places (id, name, archived, revision, global_revision, updated_at)
                SELECT ${p.id}, ${p.name}, ${p.archived}, ${p.revision}, rev.value, ${at} FROM rev`
          : sql`WITH rev AS (UPDATE places_revision SET value = value + 1 WHERE id = 1
                             RETURNING value)
                UPDATE places SET name = ${p.name}, archived = ${p.archived},
                  revision = ${p.revision}, global_revision = rev.value, updated_at = ${at}
                FROM rev WHERE places.id = ${p.id}`,
      ),
    );
    tx.defer(
      render(sql`INSERT INTO export_outbox (effect_id, payload, created_at)
                 VALUES (${operationId}, ${placeExportPayload(receipt, userId, p)}, ${at})`),
    );
  }
  tx.defer(
    render(sql`UPDATE operations SET receipt = ${text}, recorded_at = ${at}
               WHERE user_id = ${userId} AND id = ${operationId}`),
  );
  return { kind: 'committed', receipt: text };
}

/** Whether any item has a quantity other than 0 at the place (every item's row is read). */
async function placeHoldsStock(tx: Pipeline, placeId: string): Promise<boolean> {
  const r = await tx.send<{ holds: boolean }>(
    render(sql`SELECT EXISTS (SELECT 1 FROM items
                 WHERE coalesce((stock::jsonb ->> ${placeId})::bigint, 0) <> 0) AS holds`),
  );
  return r.rows[0]?.holds === true;
}

/**
 * `GET /api/places`: every place, archived ones too (history and stock lists still name them), or
 * those changed after `since`; with the revision, in one statement (one snapshot).
 */
export async function readPlaces(db: Database, since: number | null): Promise<PlacesResponse> {
  const r = await db.query<PlaceRow & { cursor: number }>(
    render(sql`SELECT (SELECT value FROM places_revision WHERE id = 1) AS cursor,
                 p.id, p.name, p.archived, p.revision
               FROM (SELECT 1) AS one LEFT JOIN places p ON p.global_revision > ${since ?? 0}
               ORDER BY p.name COLLATE "C", p.id COLLATE "C"`),
  );
  const places = r.rows.flatMap((row) =>
    row.id === null
      ? []
      : [
          {
            id: row.id,
            name: row.name ?? '',
            archived: row.archived === true,
            revision: Number(row.revision),
          },
        ],
  );
  return { places, revision: Number(r.rows[0]?.cursor ?? 0) };
}
