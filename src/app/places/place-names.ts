/**
 * The places as the screens use them (docs/client.md#places): the list the device last pulled,
 * `main` always among them (a device that has not pulled places yet, or a server before places,
 * still has its stock there), and names by id. Pure.
 */
import { PENDING_KINDS } from '../../client/core/operation-state';
import { MAIN_PLACE, type Op, type Place } from '../../protocol/schemas';

const MAIN: Place = { id: MAIN_PLACE, name: 'Main', archived: false, revision: 0 };

/** Every place known here, `main` first, then by name; archived ones only with `archived`. */
export function knownPlaces(places: readonly Place[] | undefined, archived = false): Place[] {
  const list =
    places && places.some((p) => p.id === MAIN_PLACE) ? [...places] : [MAIN, ...(places ?? [])];
  return list
    .filter((p) => archived || !p.archived)
    .sort((a, b) =>
      a.id === MAIN_PLACE ? -1 : b.id === MAIN_PLACE ? 1 : a.name.localeCompare(b.name),
    );
}

/** States of a change that may still make, or made, what it says (not refused, not given up). */
const MAKING = new Set<string>([...PENDING_KINDS, 'confirmed']);

/**
 * The places as last pulled, and those this device is creating (saved here, not refused; confirmed
 * but not pulled yet): a place made offline can be chosen at once, and changes there reach the
 * server after it (the outbox sends in order).
 */
export function withPlacesBeingMade(
  places: readonly Place[] | undefined,
  operations: readonly { op: Op; state: string }[],
): readonly Place[] {
  const known = new Set((places ?? []).map((p) => p.id));
  const made: Place[] = [];
  for (const { op, state } of operations) {
    if (op.type !== 'createPlace' || known.has(op.placeId) || !MAKING.has(state)) continue;
    known.add(op.placeId);
    made.push({ id: op.placeId, name: op.name, archived: false, revision: 0 });
  }
  return made.length === 0 ? (places ?? []) : [...(places ?? []), ...made];
}

/** The name of a place by id (its id when this device does not know it). */
export function placeName(places: readonly Place[] | undefined, id: string): string {
  return knownPlaces(places, true).find((p) => p.id === id)?.name ?? id;
}

/** An item's quantity at a place, confirmed (`stock` absent: all of it at main). */
export function quantityAt(
  item: { quantity: number; stock?: readonly { placeId: string; quantity: number }[] | undefined },
  placeId: string,
): number {
  if (!item.stock) return placeId === MAIN_PLACE ? item.quantity : 0;
  return item.stock.find((s) => s.placeId === placeId)?.quantity ?? 0;
}

/** A new place id from its name: `back-room`, made unique against the ids already taken. */
export function placeIdFor(name: string, taken: readonly string[]): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'place';
  let id = base;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return id;
}
