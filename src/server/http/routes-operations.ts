/**
 * `POST /api/operations`, `POST /api/operations/batch` and `GET /api/operations/{id}`.
 * Tester faults act here, on the whole request: before processing (drop-request, unavailable,
 * delay), inside the transaction (fail-before-commit) or after commit (drop-response).
 */
import type {
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  RouteShorthandOptions,
} from 'fastify';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fieldErrors } from '../../protocol/field-errors';
import { BatchBody, type User } from '../../protocol/schemas';
import { safeText } from '../../protocol/text';
import { z } from 'zod';
import {
  operationStatus,
  processOperations,
  type OperationAnswer,
  type OperationDeps,
} from '../operations';
import type { ActiveRule } from '../sim/faults';
import type { TimelineFact } from '../sim/timeline';
import { SimulatedCrash } from '../store/store-errors';
import type { AppDeps } from './deps';
import type { Work } from '../core/admission-rule';
import { problemBody, problemStatus, refuse } from './problem';
import { sendProblem } from './send-problem';
import { assertNever } from '../../protocol/assert-never';

/** The text rule for the id in `GET /api/operations/{id}` (its shape is the lease check's business). */
const StatusParams = z.strictObject({ id: safeText() });

const idsOf = (bodies: readonly unknown[]): string[] =>
  bodies.flatMap((b) => {
    const id = (b as { id?: unknown } | null)?.id;
    return typeof id === 'string' ? [id] : [];
  });

/**
 * What admission weighs: the operations, whether a person waits for this one (the single
 * endpoint) or it is a device's backlog (a batch), and how long the request already took to arrive.
 */
function admissionWork(
  request: FastifyRequest,
  reply: FastifyReply,
  bodies: readonly unknown[] | null,
): Work {
  const interactive = request.routeOptions.url === '/api/operations';
  return {
    operations: Math.max(1, bodies?.length ?? 1),
    lane: interactive ? 'interactive' : 'backlog',
    waitedMs: reply.elapsedTime,
  };
}

/** Step 1's load check refused: nothing was applied, come back after `retryAfterSeconds`. */
function tooBusy(retryAfterSeconds: number): Error {
  return refuse('overloaded', 'the server is too busy to start this now; nothing was applied', {
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
}

/** Destroys the connection instead of answering: what a lost request or response looks like. */
function dropConnection(request: FastifyRequest, reply: FastifyReply): void {
  reply.hijack();
  request.raw.socket.destroy();
}

function serverTiming(acceptMs: number, timing: { tx: number; commit: number } | null): string {
  const accept = `accept;dur=${acceptMs.toFixed(1)}`;
  return timing
    ? `${accept}, tx;dur=${timing.tx.toFixed(1)}, commit;dur=${timing.commit.toFixed(1)}`
    : accept;
}

type RecordFact = (id: string, fact: TimelineFact) => void;
const NOT_RECORDED: RecordFact = () => undefined;
const NO_IDS: readonly string[] = [];
/** Levels at which the answered operations are logged (the list is built only then). */
const INFO_LOGGED = new Set(['trace', 'debug', 'info']);

function statusOf(answer: OperationAnswer): number {
  switch (answer.kind) {
    case 'committed':
      return 201;
    case 'replayed':
      return 200;
    case 'refused':
      return problemStatus(answer.problem.code);
    default:
      return assertNever(answer);
  }
}

/** One batch result; receipts are spliced in as stored, so their bytes are the single endpoint's. */
function batchResult(answer: OperationAnswer): string {
  const head = `{"id":${JSON.stringify(answer.id)},"status":${statusOf(answer)}`;
  return answer.kind === 'refused'
    ? `${head},"problem":${JSON.stringify(problemBody(answer.problem))}}`
    : `${head},"receipt":${answer.receipt}}`;
}

export const operationRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    /** Without the tester's timeline (production), one set of deps for every request. */
    const quietOps: OperationDeps = { ...deps.operations, onEvent: () => undefined };

    /** Steps 1 and the load check, then the tester's fault; `null` when the request was dropped. */
    async function begin(
      request: FastifyRequest,
      reply: FastifyReply,
      bodies: readonly unknown[] | null,
    ): Promise<{
      user: User;
      fault: ActiveRule | null;
      ops: OperationDeps;
      release: () => void;
      record: RecordFact;
      ids: readonly string[];
    } | null> {
      const user = await request.user();
      // The ids and the record matter only to the tester's faults and timeline.
      const sim = deps.sim;
      const ids = sim && bodies ? idsOf(bodies) : NO_IDS;
      const record: RecordFact = sim
        ? (id, fact) => sim.timeline.record(user.id, id, request.id, fact)
        : NOT_RECORDED;
      ids.forEach((id) => record(id, { event: 'attempt-received' }));
      const sentId = request.headers['x-request-id'] === request.id ? request.id : undefined;
      const fault = deps.sim?.faults.take(ids, sentId) ?? null;
      if (fault?.fault === 'drop-request') {
        ids.forEach((id) => record(id, { event: 'request-dropped', fault: 'drop-request' }));
        dropConnection(request, reply);
        return null;
      }
      if (fault?.fault === 'unavailable') {
        ids.forEach((id) =>
          record(id, { event: 'refused', code: 'overloaded', fault: 'unavailable' }),
        );
        throw refuse(
          'overloaded',
          'the server is unavailable (tester fault); nothing was applied',
          {
            headers: { 'Retry-After': '1' },
          },
        );
      }
      const slot = await deps.admission.enter(admissionWork(request, reply, bodies));
      if (!slot.admitted) {
        ids.forEach((id) => record(id, { event: 'refused', code: 'overloaded' }));
        throw tooBusy(slot.retryAfterSeconds);
      }
      if (fault?.fault === 'delay') {
        const delayMs = fault.delayMs ?? 0;
        ids.forEach((id) => record(id, { event: 'delayed', fault: 'delay', delayMs }));
        await sleep(delayMs);
      }
      const ops: OperationDeps = sim
        ? { ...deps.operations, onEvent: (_user, id, event) => record(id, event) }
        : quietOps;
      return { user, fault, ops, release: slot.release, record, ids };
    }

    async function run(
      request: FastifyRequest,
      reply: FastifyReply,
      bodies: readonly unknown[],
      idempotencyKey: string | undefined,
      respond: (answers: OperationAnswer[]) => FastifyReply,
    ): Promise<FastifyReply | undefined> {
      const started = performance.now();
      const begun = await begin(request, reply, bodies);
      if (!begun) return undefined;
      const { user, fault, ops, release, record, ids } = begun;
      try {
        const acceptMs = performance.now() - started;
        const { answers, timing } = await processOperations(ops, user, bodies, {
          failBeforeCommit: fault?.fault === 'fail-before-commit',
          idempotencyKey,
        });
        if (fault?.fault === 'drop-response') {
          ids.forEach((id) => record(id, { event: 'response-dropped', fault: 'drop-response' }));
          dropConnection(request, reply);
          return undefined;
        }
        ids.forEach((id) => record(id, { event: 'response-sent' }));
        void reply.header('Server-Timing', serverTiming(acceptMs, timing));
        deps.metrics.answered(answers, performance.now() - started);
        if (INFO_LOGGED.has(request.log.level)) {
          const operations = answers.map((a) => [a.id, a.kind]);
          request.log.info({ attemptId: request.id, operations }, 'operations answered');
        }
        return respond(answers);
      } catch (error) {
        if (!(error instanceof SimulatedCrash)) throw error;
        ids.forEach((id) => record(id, { event: 'rolled-back', fault: 'fail-before-commit' }));
        dropConnection(request, reply);
        return undefined;
      } finally {
        release();
      }
    }

    app.post('/api/operations', async (request, reply) => {
      const key = request.headers['idempotency-key'];
      return run(
        request,
        reply,
        [request.body],
        typeof key === 'string' ? key : undefined,
        ([a]) => {
          const answer = a!;
          switch (answer.kind) {
            case 'committed':
              return reply.code(201).type('application/json').send(answer.receipt);
            case 'replayed':
              return reply
                .code(200)
                .header('Idempotent-Replayed', 'true')
                .type('application/json')
                .send(answer.receipt);
            case 'refused':
              return sendProblem(reply, answer.problem);
            default:
              return assertNever(answer);
          }
        },
      );
    });

    /** Before the body is read: the body and every check wait for the batch's intake turn. */
    const inTurn = {
      preParsing: (_request, _reply, payload, done) => deps.intake.take(() => done(null, payload)),
    } satisfies RouteShorthandOptions;

    app.post('/api/operations/batch', inTurn, async (request, reply) => {
      const parsed = BatchBody.safeParse(request.body);
      if (!parsed.success) {
        // The order of checks holds for the envelope too: authentication, then too busy, then shape.
        await request.user();
        const slot = await deps.admission.enter(admissionWork(request, reply, null));
        if (!slot.admitted) throw tooBusy(slot.retryAfterSeconds);
        slot.release();
        throw refuse('invalid-request', 'send { "operations": [ 1 to 500 operations ] }', {
          errors: fieldErrors(parsed.error),
        });
      }
      return run(request, reply, parsed.data.operations, undefined, (answers) =>
        reply
          .code(200)
          .type('application/json')
          .send(`{"results":[${answers.map(batchResult).join(',')}]}`),
      );
    });

    app.get<{ Params: { id: string } }>('/api/operations/:id', async (request, reply) => {
      const user = await request.user();
      const id = StatusParams.safeParse(request.params);
      if (!id.success) {
        throw refuse('invalid-request', 'the operation id in the URL is not valid; see errors', {
          errors: fieldErrors(id.error),
        });
      }
      const lease = request.headers['stockroom-lease'];
      const answer = await operationStatus(
        { ...deps.operations, onEvent: () => undefined },
        user,
        id.data.id,
        typeof lease === 'string' ? lease : undefined,
      );
      if (answer.kind === 'refused') return sendProblem(reply, answer.problem);
      return reply.code(200).type('application/json').send(answer.body);
    });
  };
