/**
 * Seed 002's fixtures through the tester faults: a lost response, a rollback before commit, a
 * dropped request, a delay, an unavailable server. Safety is checked by the shared checkers,
 * which also run against the deliberately broken variants and must catch them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchResponse, OperationStatus } from '../../src/protocol/schemas';
import { signIn } from './support/api';
import type { Api } from './support/api';
import { attempt } from './support/http';
import { adjust } from './support/ops';
import type { LeaseHandle } from './support/ops';
import { expectProblem, expectReceipt } from './support/problem';
import {
  ATTEMPT_A,
  ATTEMPT_B,
  failBeforeCommit,
  lostResponse,
  lostResponseViolations,
} from './support/scenarios';
import { startBrokenServer, startTestServer } from './support/server';
import type { RunningServer } from './support/server';
import { eventually } from '../support/eventually';

let server: RunningServer;
let api: Api;
let lease: LeaseHandle;
let itemId: string;

beforeAll(async () => {
  server = await startTestServer();
  api = await signIn(server.url);
  lease = await api.lease();
  itemId = await api.newItem(lease, 100);
}, 60_000);

afterAll(async () => {
  await server.close();
});

async function stateOf(id: string): Promise<string> {
  return OperationStatus.parse((await api.status(id, lease.token)).body).state;
}

/** Waits for the operation's tester timeline to satisfy `accept`. */
const timelineUntil = (id: string, accept: (events: string[]) => boolean, what: string) =>
  eventually(async () => (await api.timeline(id)).map((e) => e.event), accept, what);
const count = (events: string[], name: string) => events.filter((e) => e === name).length;

describe('the lost response (seed 002): committed, reply dropped, same id retried', () => {
  it('one effect, one receipt, the retry returns the original receipt as a replay', async () => {
    const run = await lostResponse(api);
    expect(run.first.kind).toBe('dropped');
    const receipt = expectReceipt(run.retry, 200);
    expect(receipt).toMatchObject({ operationId: run.body.id, outcome: 'applied', delta: -2 });
    expect(lostResponseViolations(run)).toEqual([]);
    const status = OperationStatus.parse((await api.status(run.body.id, run.lease.token)).body);
    expect(status).toEqual({ state: 'processed', receipt: run.retry.body });
    const entries = (await api.history(run.itemId)).filter((e) => e.operationId === run.body.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.recordedAt).toBe(receipt.recordedAt);

    // The timeline tells the story in order: attempt A committed and dropped, attempt B replayed.
    const events = await api.timeline(run.body.id);
    const times = events.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((x, y) => x - y));
    const attempts = events.map((e) => e.attemptId);
    expect(new Set(attempts)).toEqual(new Set([ATTEMPT_A, ATTEMPT_B]));
    expect(attempts.lastIndexOf(ATTEMPT_A)).toBeLessThan(attempts.indexOf(ATTEMPT_B));
    const of = (attemptId: string) =>
      events
        .filter((e) => e.attemptId === attemptId)
        .map((e) => e.event)
        .join(' ');
    expect(of(ATTEMPT_A)).toMatch(/commit/i);
    expect(of(ATTEMPT_A)).toMatch(/drop/i);
    expect(of(ATTEMPT_A)).not.toMatch(/replay/i);
    expect(of(ATTEMPT_B)).toMatch(/replay/i);
    expect(of(ATTEMPT_B)).not.toMatch(/commit/i);
  });
});

describe('other faults', () => {
  it('fail-before-commit: no effect; the retry applies it once', async () => {
    const run = await failBeforeCommit(api);
    expect(run.first.kind).toBe('dropped');
    expect(expectReceipt(run.retry, 201).outcome).toBe('applied');
    expect(run.violations).toEqual([]);
  });

  it('drop-request: no effect, nothing known; the retry applies it once', async () => {
    const body = lease.body(adjust(itemId, 1));
    await api.fault({ fault: 'drop-request', match: { operationId: body.id } });
    expect((await api.tryPostOp(body)).kind).toBe('dropped');
    expect(await api.effects(itemId, body.id)).toBe(0);
    expect(await stateOf(body.id)).toBe('not-yet');
    expectReceipt(await api.postOp(body), 201);
    expect(await api.effects(itemId, body.id)).toBe(1);
  });

  it('unavailable: 503 overloaded with Retry-After, no effect; then it goes through', async () => {
    const body = lease.body(adjust(itemId, 1));
    await api.fault({ fault: 'unavailable', times: 2, match: { operationId: body.id } });
    for (let i = 0; i < 2; i += 1) {
      const reply = await api.postOp(body);
      expectProblem(reply, 'overloaded');
      expect(reply.headers.get('retry-after')).toBe('1');
    }
    expect(await api.effects(itemId, body.id)).toBe(0);
    expect(await stateOf(body.id)).toBe('not-yet');
    expectReceipt(await api.postOp(body), 201);
  });

  it('delay: the request waits, then is processed', async () => {
    const body = lease.body(adjust(itemId, 1));
    await api.fault({ fault: 'delay', delayMs: 300, match: { operationId: body.id } });
    expectReceipt(await api.postOp(body), 201);
    expect(await api.effects(itemId, body.id)).toBe(1);
  });

  it('delay past the client timeout, then a retry: exactly one effect', async () => {
    const body = lease.body(adjust(itemId, 1));
    await api.fault({ fault: 'delay', delayMs: 2000, match: { operationId: body.id } });
    // The client gives up once the server holds the request: it is in, its outcome unknown.
    const patience = new AbortController();
    const pending = api.tryPostOp(body, { signal: patience.signal });
    await timelineUntil(body.id, (e) => count(e, 'attempt-received') === 1, 'the first attempt in');
    patience.abort();
    expect((await pending).kind).toBe('aborted');
    const retry = await api.postOp(body);
    expect([200, 201]).toContain(retry.status);
    // The delayed attempt lands too (two answers written, whoever went first): still one effect.
    await timelineUntil(body.id, (e) => count(e, 'response-sent') === 2, 'both attempts answered');
    expect(await api.effects(itemId, body.id)).toBe(1);
    expect(await stateOf(body.id)).toBe('processed');
  });

  it('rules are listed and cleared', async () => {
    const body = lease.body(adjust(itemId, 1));
    await api.fault({ fault: 'drop-response', match: { operationId: body.id } });
    expect((await api.get('/api/sim/faults')).text).toContain(body.id);
    await api.clearFaults();
    expect((await api.get('/api/sim/faults')).text).not.toContain(body.id);
    expectReceipt(await api.postOp(body), 201);
  });

  it('a fault acts on the whole batch request that carries the matching operation', async () => {
    const ops = [lease.body(adjust(itemId, 1)), lease.body(adjust(itemId, 2))];
    await api.fault({ fault: 'drop-response', match: { operationId: ops[1]?.id ?? '' } });
    const first = await attempt(server.url, 'POST', '/api/operations/batch', {
      token: api.token,
      json: { operations: ops },
    });
    expect(first.kind).toBe('dropped');
    const retry = BatchResponse.parse((await api.batch(ops)).body);
    expect(retry.results.map((r) => r.status)).toEqual([200, 200]);
    for (const op of ops) expect(await api.effects(itemId, op.id)).toBe(1);
  });
});

describe('the same checkers catch the broken variants', () => {
  it('no-dedup: the lost-response retry applies twice', async () => {
    const broken = await startBrokenServer('no-dedup');
    try {
      expect(
        lostResponseViolations(await lostResponse(await signIn(broken.url))).length,
      ).toBeGreaterThan(0);
    } finally {
      await broken.close();
    }
  });

  it('receipt-outside-tx: a rollback leaves receipts ≠ effects', async () => {
    const broken = await startBrokenServer('receipt-outside-tx');
    try {
      const run = await failBeforeCommit(await signIn(broken.url));
      expect(
        run.violations.filter((v) => v.startsWith('receipts ≠ effects')).length,
      ).toBeGreaterThan(0);
    } finally {
      await broken.close();
    }
  });
});
