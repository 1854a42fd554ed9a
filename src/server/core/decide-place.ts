/**
 * The place catalogue's rules (docs/api.md#places), pure: `createPlace`, `updatePlace` and
 * `archivePlace`, given the place as read and whether it holds stock. Every store adapter calls
 * this inside its transaction, so SQLite and PostgreSQL agree.
 */
import { MAIN_PLACE, type Outcome, type PlaceOp, type ReasonCode } from '../../protocol/schemas';
import type { PlaceState } from './place-state';
import { mayMake, type Role } from './roles';
import { assertNever } from '../../protocol/assert-never';

export interface PlaceFacts {
  role: Role;
  /** Whether any item has a quantity other than 0 at the place (read for archivePlace only). */
  holdsStock: boolean;
}

export type PlaceVerdict =
  /** `place` is the place right after the operation; `created` when it did not exist before. */
  | { outcome: 'applied'; place: PlaceState; created: boolean }
  /** Nothing changes; `place` is the place as it stands (null: no such place). */
  | { outcome: Exclude<Outcome, 'applied'>; reason: ReasonCode; place: PlaceState | null };

const refuse = (
  outcome: Exclude<Outcome, 'applied'>,
  reason: ReasonCode,
  place: PlaceState | null,
): PlaceVerdict => ({ outcome, reason, place });

export function decidePlace(
  op: PlaceOp,
  place: PlaceState | null,
  facts: PlaceFacts,
): PlaceVerdict {
  if (!mayMake(facts.role, op)) return refuse('rejected', 'not-allowed', place);
  switch (op.type) {
    case 'createPlace':
      // An id is never used twice, archived places included: history names places by id.
      if (place) return refuse('rejected', 'duplicate-place', place);
      return {
        outcome: 'applied',
        place: { id: op.placeId, name: op.name, archived: false, revision: 1 },
        created: true,
      };
    case 'updatePlace': {
      if (!place) return refuse('rejected', 'unknown-place', null);
      if (place.archived) return refuse('rejected', 'archived-place', place);
      // As for items: only a real change conflicts, and only with a change made after the
      // revision the editor saw (a place's revision moves only when its name does).
      if (op.changes.name !== place.name && place.revision > op.basedOnRevision) {
        return refuse('review', 'stale-edit', place);
      }
      const renamed = { ...place, name: op.changes.name, revision: place.revision + 1 };
      return { outcome: 'applied', place: renamed, created: false };
    }
    case 'archivePlace':
      if (op.placeId === MAIN_PLACE) return refuse('rejected', 'main-place', place);
      if (!place) return refuse('rejected', 'unknown-place', null);
      if (place.archived) return refuse('rejected', 'archived-place', place);
      if (facts.holdsStock) return refuse('rejected', 'place-not-empty', place);
      return {
        outcome: 'applied',
        place: { ...place, archived: true, revision: place.revision + 1 },
        created: false,
      };
    default:
      return assertNever(op);
  }
}
