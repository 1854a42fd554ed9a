/**
 * Warnings, as data, for "3 changes must reach the server by Tue 14:00 or they will need review."
 * (the words are the app's catalogue's, `banners.deadline`). Only operations whose
 * id is frozen (an attempt was recorded) count: one that never left the device moves to a fresh
 * lease when it next can, so it will not need review.
 */
import type { DeadlineWarning } from './views';
import { pastDeadline } from './server-clock';

export interface DeadlineCandidate {
  pending: boolean;
  sendAttempts: number;
  /** The lease deadline (ms, server-issued). */
  deadline: number;
  /** How many operations alike it stands for (1 when left out): the snapshot counts per lease. */
  count?: number;
}

export function deadlineWarnings(
  candidates: readonly DeadlineCandidate[],
  /** The server's time as this device knows it (server-clock.ts), like the sender's. */
  serverTime: number,
  withinMs: number,
): DeadlineWarning[] {
  const counts = new Map<number, number>();
  for (const c of candidates) {
    if (!c.pending || c.sendAttempts === 0) continue;
    if (pastDeadline(c.deadline, serverTime) || c.deadline > serverTime + withinMs) continue;
    counts.set(c.deadline, (counts.get(c.deadline) ?? 0) + (c.count ?? 1));
  }
  return [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([deadline, count]) => ({ count, deadline: new Date(deadline).toISOString() }));
}
