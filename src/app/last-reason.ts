/**
 * The reason last used on this device for removing and for adding stock, so **Remove 1** and
 * **Add 1** on an item save in one tap with it (sold and received until another is used). Kept in
 * localStorage beside the Step by step switch: a device preference, not data. The choice is pure.
 */
import { ADJUST_REASONS, type AdjustOp } from '../protocol/schemas';

export type AdjustReason = AdjustOp['reason'];
export type Direction = 'remove' | 'add';

const DEFAULTS: Record<Direction, AdjustReason> = { remove: 'sold', add: 'received' };
const KEY: Record<Direction, string> = {
  remove: 'stockroom:last-reason:remove',
  add: 'stockroom:last-reason:add',
};

/** The stored reason when it is one (a value from another version is ignored), else the default. */
export function reasonFor(direction: Direction, stored: string | null): AdjustReason {
  return (ADJUST_REASONS as readonly string[]).includes(stored ?? '')
    ? (stored as AdjustReason)
    : DEFAULTS[direction];
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function lastReason(direction: Direction): AdjustReason {
  let stored: string | null = null;
  try {
    stored = storage()?.getItem(KEY[direction]) ?? null;
  } catch {
    // Blocked storage: the default.
  }
  return reasonFor(direction, stored);
}

/** After a change is saved on the device: its reason is the one its direction uses next. */
export function rememberReason(delta: number, reason: AdjustReason): void {
  try {
    storage()?.setItem(KEY[delta < 0 ? 'remove' : 'add'], reason);
  } catch {
    // Not remembered (storage full or blocked): the next quick change uses the last one known.
  }
}
