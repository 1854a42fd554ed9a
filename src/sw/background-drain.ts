/**
 * Background Sync: the service worker drains the outbox with the client core's own sender
 * (`drainFromWorker`: the tabs' code, under the same Web Lock, so one sender runs at a time).
 */
import type { RoundReport } from '../client';

export class DrainIncomplete extends Error {
  readonly kind = 'drain-incomplete';
}

/**
 * One round; work left for later rejects, so the browser schedules the sync again with its own
 * backoff (the tabs also pick it up whenever one opens).
 */
export async function syncOutbox(drain: () => Promise<RoundReport>): Promise<RoundReport> {
  const report = await drain();
  // Left to a watching tab: if it closes first, the next sync finds the work.
  if (report.end === 'offline' || report.end === 'left-to-a-tab' || report.wakeAt !== null) {
    throw new DrainIncomplete(`outbox not drained (${report.end}); the browser will sync again`);
  }
  return report;
}
