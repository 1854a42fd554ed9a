/**
 * The operation pipeline, in the contract's order of checks (docs/api.md#order-of-checks):
 *
 *   2 shape ─► 3 lease ─► 4 existing record ─► 5 deadline ─► 6 one transaction (store.apply)
 *      │          │          │ same fingerprint: replay         │ deadline judged again inside
 *      ▼          ▼          ▼ other: key-reused                ▼ concurrent duplicate → replay
 *    400        400        200 / 422            410           201 / 200 / 422 / 410
 *
 * Steps 0–1 (transport, authentication, load shedding) happen in the HTTP layer before this.
 * Every answer is a value; the single endpoint is a batch of one.
 */
import { fingerprintNode } from './fingerprint-node';
import { fieldErrors } from '../protocol/field-errors';
import { parseOperationId } from '../protocol/ids';
import { OperationBody, type Op, type ProblemCode, type User } from '../protocol/schemas';
import type { Clock } from './clock';
import { statusWithoutRecord, type RetentionSettings } from './core/retention';
import type { ProblemValue } from './core/problem-value';
import { verifyLease, type LeaseClaims } from './lease-token';
import type { ApplyRequest, ApplyTiming, OperationRecord, Store } from './store/store';
import { pastDeadline } from './core/deadline';
import { assertNever } from '../protocol/assert-never';

export type OperationAnswer =
  | { kind: 'committed'; id: string; receipt: string }
  | { kind: 'replayed'; id: string; receipt: string }
  | { kind: 'refused'; id: string | null; problem: ProblemValue };

/** What the pipeline tells the tester timeline (the receipt's bytes; a refusal's code). */
export type OperationEvent =
  | { event: 'accepted' }
  | { event: 'committed' | 'replay-returned'; receipt: string }
  | { event: 'refused'; code: ProblemCode };

export interface OperationDeps {
  store: Store;
  clock: Clock;
  /** Current secret first; the previous one still verifies during a rotation. */
  secrets: readonly string[];
  retention: RetentionSettings;
  onEvent(user: User, operationId: string, event: OperationEvent): void;
}

const metadata = (detail: string): ProblemValue => ({ code: 'invalid-operation-metadata', detail });
const KEY_REUSED: ProblemValue = {
  code: 'key-reused',
  detail: 'this operation id was already used for different content; the original stands',
};
/** 410, with the server's clock and the deadline it judged against (see ProblemValue.members). */
function expired(now: number, deadline: number): ProblemValue {
  return {
    code: 'operation-expired',
    detail: 'past the operation deadline: check whether the change exists',
    members: { now: new Date(now).toISOString(), deadline: new Date(deadline).toISOString() },
  };
}

/**
 * Step 3: the lease token must be this server's, untouched, the caller's, and grant this id.
 * The same words for every failure, so another user's lease reveals nothing.
 */
export function checkLease(
  user: User,
  operationId: string,
  token: string | undefined,
  secrets: readonly string[],
): { ok: true; claims: LeaseClaims } | { ok: false; problem: ProblemValue } {
  if (!token) return { ok: false, problem: metadata('the operation carries no lease token') };
  const claims = verifyLease(token, secrets);
  const id = parseOperationId(operationId);
  if (!claims || claims.userId !== user.id || !id || id.leaseId !== claims.id) {
    return { ok: false, problem: metadata('the lease token is not valid for this operation id') };
  }
  if (id.seq >= claims.size) {
    return {
      ok: false,
      problem: metadata(`sequence ${id.seq} is outside this lease (size ${claims.size})`),
    };
  }
  return { ok: true, claims };
}

function answerFor(
  record: OperationRecord,
  id: string,
  print: string,
): Exclude<OperationAnswer, { kind: 'committed' }> {
  return record.fingerprint === print
    ? { kind: 'replayed', id, receipt: record.receipt }
    : { kind: 'refused', id, problem: KEY_REUSED };
}

interface Admitted {
  index: number;
  request: ApplyRequest;
}

export async function processOperations(
  deps: OperationDeps,
  user: User,
  bodies: readonly unknown[],
  options: { failBeforeCommit: boolean; idempotencyKey?: string | undefined },
): Promise<{ answers: OperationAnswer[]; timing: ApplyTiming | null }> {
  const answers: (OperationAnswer | null)[] = [];
  const admitted: Admitted[] = [];
  for (const [index, body] of bodies.entries()) {
    const early = await admit(deps, user, body, options.idempotencyKey);
    if ('request' in early) {
      admitted.push({ index, request: early.request });
      answers.push(null);
    } else {
      answers.push(early);
    }
  }
  let timing: ApplyTiming | null = null;
  if (admitted.length) {
    admitted.forEach((a) => deps.onEvent(user, a.request.operationId, { event: 'accepted' }));
    const applied = await deps.store.apply(
      admitted.map((a) => a.request),
      { now: () => deps.clock.now(), failBeforeCommit: options.failBeforeCommit },
    );
    timing = applied.timing;
    applied.results.forEach((result, i) => {
      const { index, request } = admitted[i]!;
      const id = request.operationId;
      switch (result.kind) {
        case 'committed':
          answers[index] = { kind: 'committed', id, receipt: result.receipt };
          break;
        case 'existing':
          answers[index] = answerFor(result.record, id, request.fingerprint);
          break;
        case 'expired':
          answers[index] = {
            kind: 'refused',
            id,
            problem: expired(deps.clock.now(), request.deadline),
          };
          break;
        default:
          assertNever(result);
      }
    });
  }
  const final = answers.map((a) => a!);
  for (const a of final) {
    if (a.id === null) continue;
    if (a.kind === 'committed')
      deps.onEvent(user, a.id, { event: 'committed', receipt: a.receipt });
    if (a.kind === 'replayed')
      deps.onEvent(user, a.id, { event: 'replay-returned', receipt: a.receipt });
    if (a.kind === 'refused') deps.onEvent(user, a.id, { event: 'refused', code: a.problem.code });
  }
  return { answers: final, timing };
}

/** Steps 2–5 for one body: either a refusal/replay now, or a request for the transaction. */
async function admit(
  deps: OperationDeps,
  user: User,
  body: unknown,
  idempotencyKey: string | undefined,
): Promise<OperationAnswer | { request: ApplyRequest }> {
  const parsed = OperationBody.safeParse(body);
  const rawId =
    typeof (body as { id?: unknown } | null)?.id === 'string' ? (body as { id: string }).id : null;
  if (!parsed.success) {
    const problem: ProblemValue = {
      code: 'invalid-request',
      detail: 'the operation does not match the contract; see errors',
      errors: fieldErrors(parsed.error),
    };
    return { kind: 'refused', id: rawId, problem };
  }
  const { id, op, lease, createdAt } = parsed.data;
  if (idempotencyKey !== undefined && idempotencyKey !== id) {
    const detail = 'the Idempotency-Key header, when sent, must equal the operation id';
    return { kind: 'refused', id, problem: { code: 'invalid-request', detail } };
  }
  const checked = checkLease(user, id, lease, deps.secrets);
  if (!checked.ok) return { kind: 'refused', id, problem: checked.problem };
  const print = fingerprintNode(op);
  const existing = await deps.store.findOperation(user.id, id);
  if (existing) return answerFor(existing, id, print);
  const now = deps.clock.now();
  if (pastDeadline(now, checked.claims.deadline)) {
    return { kind: 'refused', id, problem: expired(now, checked.claims.deadline) };
  }
  return { request: toRequest(user, id, op, print, checked.claims, createdAt) };
}

function toRequest(
  user: User,
  operationId: string,
  op: Op,
  print: string,
  claims: LeaseClaims,
  createdAt: string | undefined,
): ApplyRequest {
  return {
    userId: user.id,
    role: user.role,
    operationId,
    fingerprint: print,
    op,
    deadline: claims.deadline,
    createdAt: createdAt ?? null,
  };
}

/** `GET /api/operations/{id}`: read-only; the lease is checked exactly as in step 3. */
export async function operationStatus(
  deps: OperationDeps,
  user: User,
  operationId: string,
  leaseToken: string | undefined,
): Promise<{ kind: 'status'; body: string } | { kind: 'refused'; problem: ProblemValue }> {
  const checked = checkLease(user, operationId, leaseToken, deps.secrets);
  if (!checked.ok) return { kind: 'refused', problem: checked.problem };
  const record = await deps.store.findOperation(user.id, operationId);
  // The receipt is spliced in as stored, so it is byte for byte what a replay returns.
  if (record) return { kind: 'status', body: `{"state":"processed","receipt":${record.receipt}}` };
  const answer = statusWithoutRecord(checked.claims.deadline, deps.clock.now(), deps.retention);
  const body =
    answer.state === 'not-yet'
      ? { state: answer.state, acceptUntil: new Date(answer.acceptUntil).toISOString() }
      : { state: answer.state };
  return { kind: 'status', body: JSON.stringify(body) };
}
