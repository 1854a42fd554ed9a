/**
 * An attempt's stored row (one per request, records.ts `AttemptRow`) and the per-operation
 * timeline lines the views read. Pure: the transactions that read and write rows are in local/.
 */
import type { AttemptEnd, AttemptRecord, AttemptRow } from './records';

/** An attempt's end before it ended: in flight, or its sender gone before it knew. */
export const PENDING_END: AttemptEnd = {
  endedAt: null,
  result: 'pending',
  httpStatus: null,
  serverTiming: {},
};

export interface AttemptStart {
  attemptId: string;
  kind: 'send' | 'status';
  at: number;
}

/**
 * The row with these operations' ends recorded (a new row when there is none yet). An end already
 * recorded for an operation is replaced only when `replace` is set.
 */
export function withEnds(
  row: AttemptRow | undefined,
  attempt: AttemptStart,
  ends: ReadonlyMap<string, AttemptEnd>,
  replace = true,
): AttemptRow {
  const merged: Record<string, AttemptEnd> = { ...row?.ends };
  for (const [id, end] of ends) if (replace || !(id in merged)) merged[id] = end;
  return {
    attemptId: attempt.attemptId,
    kind: row?.kind ?? attempt.kind,
    sentAt: row?.sentAt ?? attempt.at,
    ends: merged,
    operationIds: Object.keys(merged),
  };
}

/** The row without these operations; null when none is left. */
export function withoutOperations(row: AttemptRow, ids: ReadonlySet<string>): AttemptRow | null {
  const ends = Object.fromEntries(Object.entries(row.ends).filter(([id]) => !ids.has(id)));
  const operationIds = Object.keys(ends);
  return operationIds.length === 0 ? null : { ...row, ends, operationIds };
}

/** Each operation's line of this attempt. */
export function linesOf(row: AttemptRow): AttemptRecord[] {
  return row.operationIds.flatMap((operationId) => {
    const end = row.ends[operationId];
    if (!end) return [];
    return [{ operationId, attemptId: row.attemptId, kind: row.kind, sentAt: row.sentAt, ...end }];
  });
}

/** One operation's timeline with this line in it (replacing its attempt's line), by send time. */
export function withLine(
  list: readonly AttemptRecord[] = [],
  line: AttemptRecord,
): AttemptRecord[] {
  return [...list.filter((x) => x.attemptId !== line.attemptId), line].sort(
    (x, y) => x.sentAt - y.sentAt,
  );
}

/** Every operation's timeline, from the stored rows. */
export function timelines(rows: readonly AttemptRow[]): Map<string, AttemptRecord[]> {
  const byOperation = new Map<string, AttemptRecord[]>();
  for (const row of rows) {
    for (const line of linesOf(row)) {
      byOperation.set(line.operationId, withLine(byOperation.get(line.operationId), line));
    }
  }
  return byOperation;
}
