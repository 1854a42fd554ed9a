/**
 * "3 changes must reach the server by Tue 14:00 or they will need review." Only operations whose
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
}

export function formatDeadline(ms: number, timeZone?: string): string {
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  };
  if (timeZone !== undefined) options.timeZone = timeZone;
  return new Intl.DateTimeFormat('en-GB', options).format(new Date(ms));
}

export function deadlineWarnings(
  candidates: readonly DeadlineCandidate[],
  /** The server's time as this device knows it (server-clock.ts), like the sender's. */
  serverTime: number,
  withinMs: number,
  timeZone?: string,
): DeadlineWarning[] {
  const counts = new Map<number, number>();
  for (const c of candidates) {
    if (!c.pending || c.sendAttempts === 0) continue;
    if (pastDeadline(c.deadline, serverTime) || c.deadline > serverTime + withinMs) continue;
    counts.set(c.deadline, (counts.get(c.deadline) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([deadline, count]) => ({
      count,
      deadline: new Date(deadline).toISOString(),
      message:
        count === 1
          ? `1 change must reach the server by ${formatDeadline(deadline, timeZone)} or it will need review.`
          : `${count} changes must reach the server by ${formatDeadline(deadline, timeZone)} or they will need review.`,
    }));
}
