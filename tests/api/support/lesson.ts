/**
 * The retry-window lesson's ten boundary cases (seed 000, "When the tombstone expires too"), at
 * the lesson's minute scale: LEASE_TTL=20m (the deadline is minute 20), RECEIPT_TTL=12m (the
 * cleanup at minute 12 drops the stored reply), TOMBSTONE_GRACE=0 (the tombstone goes once the
 * clock is past minute 20), SETTLE=0. The expected answers follow docs/api.md#idempotency (where
 * it differs from the retry-window lesson): new content under a used key is 422 while the record
 * lives, 410 after; missing or edited metadata is 400 invalid-operation-metadata.
 */
import type { ProblemCode } from '../../../src/protocol/schemas';
import { Problem } from '../../../src/protocol/schemas';
import type { Api } from './api';
import type { Reply } from './http';
import { adjust } from './ops';
import type { LeaseHandle, OpBody } from './ops';
import { iso } from './problem';
import { MINUTE } from './server';
import { editDeadline } from './token';

interface CaseContext {
  api: Api;
  /** Moves the frozen tester clock to minute `m` of this case (never backwards). */
  at(m: number): Promise<void>;
  /** Moves to each minute in turn and runs the cleanup job there. */
  cleanupAt(...minutes: number[]): Promise<void>;
  lease: LeaseHandle;
  itemId: string;
  /** The original save, attempted at minute 0 (committed with the reply lost, or rolled back). */
  save: OpBody;
  minute(m: number): string;
}

export interface LessonCase {
  name: string;
  firstAttempt: 'drop-response' | 'fail-before-commit';
  expected: { status: number; code: ProblemCode | null };
  late(ctx: CaseContext): Promise<Reply>;
}

const replayed = { status: 200, code: null };
const expired = { status: 410, code: 'operation-expired' } as const;
const badMetadata = { status: 400, code: 'invalid-operation-metadata' } as const;

export const LESSON_CASES: LessonCase[] = [
  {
    name: 'Replay at 19',
    firstAttempt: 'drop-response',
    expected: replayed,
    late: async (c) => {
      await c.cleanupAt(12);
      await c.at(19);
      return c.api.postOp(c.save);
    },
  },
  {
    name: 'Replay at 20, cleanup first',
    firstAttempt: 'drop-response',
    expected: replayed,
    late: async (c) => {
      await c.cleanupAt(12, 20);
      return c.api.postOp(c.save);
    },
  },
  {
    name: 'Replay at 20, request first',
    firstAttempt: 'drop-response',
    expected: replayed,
    late: async (c) => {
      await c.cleanupAt(12);
      await c.at(20);
      const reply = await c.api.postOp(c.save);
      await c.api.cleanup();
      return reply;
    },
  },
  {
    name: 'Replay at 21',
    firstAttempt: 'drop-response',
    expected: expired,
    late: async (c) => {
      await c.cleanupAt(12, 20, 21);
      return c.api.postOp(c.save);
    },
  },
  {
    name: 'Replay at 21, clock reset',
    firstAttempt: 'drop-response',
    expected: expired,
    // The client "resets its creation time": only createdAt changes, which must not matter.
    late: async (c) => {
      await c.cleanupAt(12, 20, 21);
      return c.api.postOp({ ...c.save, createdAt: c.minute(21) });
    },
  },
  {
    name: 'New content, same key',
    firstAttempt: 'drop-response',
    expected: { status: 422, code: 'key-reused' },
    late: async (c) => {
      await c.cleanupAt(12);
      await c.at(15);
      return c.api.postOp({ ...c.save, op: { ...c.save.op, note: 'a different note' } });
    },
  },
  {
    name: 'No metadata',
    firstAttempt: 'drop-response',
    expected: badMetadata,
    late: async (c) => {
      await c.cleanupAt(12);
      await c.at(15);
      const { lease: _lost, ...withoutToken } = c.save;
      return c.api.postOp(withoutToken);
    },
  },
  {
    name: 'Edited deadline',
    firstAttempt: 'drop-response',
    expected: badMetadata,
    late: async (c) => {
      await c.cleanupAt(12, 20, 21);
      await c.at(22);
      const lease = editDeadline(c.lease.token, c.lease.lease, c.lease.deadlineMs + 20 * MINUTE);
      return c.api.postOp({ ...c.save, lease });
    },
  },
  {
    name: 'New operation at 21',
    firstAttempt: 'drop-response',
    expected: { status: 201, code: null },
    late: async (c) => {
      await c.cleanupAt(12, 20, 21);
      const fresh = await c.api.lease(); // new key, its own deadline (minute 41)
      return c.api.postOp(fresh.body(adjust(c.itemId, 1, { note: 'another note' })));
    },
  },
  {
    name: 'Fails before commit',
    firstAttempt: 'fail-before-commit',
    expected: { status: 201, code: null },
    late: async (c) => {
      await c.at(5);
      return c.api.postOp(c.save);
    },
  },
];

export interface LessonRow {
  name: string;
  firstAttemptDropped: boolean;
  status: number;
  code: ProblemCode | null;
  /** Effects of the original save in the item's history: the lesson's "notes saved". */
  effects: number;
}

export function expectedRows(): LessonRow[] {
  return LESSON_CASES.map((c) => ({
    name: c.name,
    firstAttemptDropped: true,
    ...c.expected,
    effects: 1,
  }));
}

/** Runs every case on its own lease and item, one after the other on the frozen tester clock. */
export async function runLessonTable(api: Api): Promise<LessonRow[]> {
  const rows: LessonRow[] = [];
  let start = (await api.now()) + MINUTE;
  for (const c of LESSON_CASES) {
    const at = (m: number) => api.setClock(start + m * MINUTE);
    await at(0);
    const lease = await api.lease();
    const itemId = await api.newItem(lease, 10, 'note');
    const save = lease.body(adjust(itemId, 1, { note: 'the note' }), { createdAt: iso(start) });
    await api.fault({ fault: c.firstAttempt, match: { operationId: save.id } });
    const first = await api.tryPostOp(save);
    const reply = await c.late({
      api,
      at,
      cleanupAt: async (...minutes) => {
        for (const m of minutes) {
          await at(m);
          await api.cleanup();
        }
      },
      lease,
      itemId,
      save,
      minute: (m) => iso(start + m * MINUTE),
    });
    const problem = Problem.safeParse(reply.body);
    rows.push({
      name: c.name,
      firstAttemptDropped: first.kind === 'dropped',
      status: reply.status,
      code: reply.status >= 400 && problem.success ? problem.data.code : null,
      effects: await api.effects(itemId, save.id),
    });
    start += 30 * MINUTE;
  }
  return rows;
}

/** The lesson's safety claim: no case ever saves the note twice. */
export function lessonViolations(rows: readonly LessonRow[]): string[] {
  return rows.filter((r) => r.effects > 1).map((r) => `${r.name}: saved ${r.effects} times`);
}
