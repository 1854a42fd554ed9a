/**
 * The place catalogue on SQLite (docs/api.md#places): `createPlace`, `updatePlace`,
 * `archivePlace` in the request's savepoint of the group commit, the places an item operation
 * names, and `GET /api/places`. The writer lock (BEGIN IMMEDIATE) is held throughout, so an
 * archive and an adjustment at the same place never interleave.
 */
import type Database from 'better-sqlite3';
import type { PlaceOp, PlacesResponse } from '../../protocol/schemas';
import { decidePlace } from '../core/decide-place';
import type { PlaceState } from '../core/place-state';
import { buildPlaceReceipt, placeExportPayload, receiptText } from '../core/receipt';
import type { ApplyRequest, ApplyResult } from './store';

type Row = Record<string, unknown>;

/** The statements of this file, prepared once per database. */
const cache = new WeakMap<Database.Database, ReturnType<typeof prepare>>();

function prepare(db: Database.Database) {
  return {
    placeById: db.prepare('SELECT id, name, archived, revision FROM places WHERE id = ?'),
    bump: db
      .prepare('UPDATE places_revision SET value = value + 1 WHERE id = 1 RETURNING value')
      .pluck(),
    cursor: db.prepare('SELECT value FROM places_revision WHERE id = 1').pluck(),
    insertPlace: db.prepare(
      `INSERT INTO places (id, name, archived, revision, global_revision, updated_at)
       VALUES (@id, @name, @archived, @revision, @globalRevision, @at)`,
    ),
    updatePlace: db.prepare(
      `UPDATE places SET name = @name, archived = @archived, revision = @revision,
       global_revision = @globalRevision, updated_at = @at WHERE id = @id`,
    ),
    // Place ids are [a-z0-9-], quoted as a JSON path key.
    holdsStock: db
      .prepare(
        `SELECT EXISTS (SELECT 1 FROM items
           WHERE coalesce(json_extract(stock, '$."' || ? || '"'), 0) <> 0)`,
      )
      .pluck(),
    changedPlaces: db.prepare(
      `SELECT id, name, archived, revision FROM places WHERE global_revision > ?
       ORDER BY name, id`,
    ),
    insertOperation: db.prepare(
      `INSERT INTO operations
       (user_id, id, fingerprint, receipt, deadline, recorded_at, compacted, op, created_at)
       VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?)`,
    ),
    insertExport: db.prepare(
      'INSERT INTO export_outbox (effect_id, payload, created_at) VALUES (?, ?, ?)',
    ),
  };
}

function statements(db: Database.Database): ReturnType<typeof prepare> {
  let s = cache.get(db);
  if (!s) {
    s = prepare(db);
    cache.set(db, s);
  }
  return s;
}

const toPlace = (r: Row): PlaceState => ({
  id: r['id'] as string,
  name: r['name'] as string,
  archived: r['archived'] === 1,
  revision: r['revision'] as number,
});

/** The places with these ids that exist (for the item rules: a missing one is unknown). */
export function readPlaces(
  db: Database.Database,
  ids: readonly string[],
): Record<string, PlaceState> {
  const found: Record<string, PlaceState> = {};
  for (const id of ids) {
    const row = statements(db).placeById.get(id) as Row | undefined;
    if (row) found[id] = toPlace(row);
  }
  return found;
}

/**
 * A place operation whose id has no record and whose deadline has not passed: decided and
 * written (place, revision, export row, receipt) in the open savepoint.
 */
export function applyPlaceOp(
  db: Database.Database,
  request: ApplyRequest,
  op: PlaceOp,
  at: number,
): ApplyResult {
  const s = statements(db);
  const row = s.placeById.get(op.placeId) as Row | undefined;
  const place = row ? toPlace(row) : null;
  const holdsStock =
    op.type === 'archivePlace' && place !== null && !place.archived
      ? s.holdsStock.get(op.placeId) === 1
      : false;
  const verdict = decidePlace(op, place, { role: request.role, holdsStock });
  const receipt = buildPlaceReceipt(request.operationId, op, verdict, at);
  const text = receiptText(receipt);
  if (verdict.outcome === 'applied') {
    const p = verdict.place;
    const params = {
      id: p.id,
      name: p.name,
      archived: p.archived ? 1 : 0,
      revision: p.revision,
      globalRevision: s.bump.get() as number,
      at,
    };
    if (verdict.created) s.insertPlace.run(params);
    else s.updatePlace.run(params);
    s.insertExport.run(request.operationId, placeExportPayload(receipt, request.userId, p), at);
  }
  s.insertOperation.run(
    request.userId,
    request.operationId,
    request.fingerprint,
    text,
    request.deadline,
    at,
    JSON.stringify(request.op),
    request.createdAt,
  );
  return { kind: 'committed', receipt: text };
}

/** `GET /api/places`: every place (archived ones too), or those changed after `since`. */
export function listPlaces(db: Database.Database, since: number | null): PlacesResponse {
  const s = statements(db);
  return db.transaction(() => ({
    places: (s.changedPlaces.all(since ?? 0) as Row[]).map(toPlace),
    revision: s.cursor.get() as number,
  }))();
}
