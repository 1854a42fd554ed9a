/**
 * docs/api.md#the-text-rule, on SQLite and PostgreSQL alike: hostile strings
 * (lone surrogates, NUL, C0/C1 controls; bidi controls and invisible spaces in display text) in every
 * string a request carries → 400 invalid-request with field errors and no state change; in a batch
 * only that entry is refused; allowed text (joiners, emoji, right-to-left marks) round-trips exactly.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from 'vitest';
import { BatchResponse, OperationStatus } from '../../src/protocol/schemas';
import { reliability, runSeed, scaled } from '../support/reliability';
import { DATABASES, type SharedDatabase } from '../multi/support/databases';
import { signIn, type Api } from './support/api';
import { send, type Reply } from './support/http';
import { adjust, createItem, freshItemId, type LeaseHandle } from './support/ops';
import { expectFieldError, expectReceipt } from './support/problem';
import { startTestServer, type RunningServer } from './support/server';
import { assertNever } from '../../src/protocol/assert-never';

const SEED = runSeed();
const char = (from: number, to: number) =>
  fc.integer({ min: from, max: to }).map((c) => String.fromCharCode(c));

/** Refused in every string: lone surrogates, NUL, the other C0 controls, DEL, C1 controls. */
const badAnywhere = fc.oneof(
  char(0xd800, 0xdbff),
  char(0xdc00, 0xdfff),
  fc.constant('\u0000'),
  char(0x01, 0x1f),
  fc.constant('\u007f'),
  char(0x80, 0x9f),
);
/** What a URL can carry (a lone surrogate cannot be percent-encoded as UTF-8). */
const badInUrl = fc.oneof(fc.constant('\u0000'), char(0x01, 0x1f), char(0x80, 0x9f));
/** Also refused in names, SKUs, locations and notes. */
const badInDisplay = fc.oneof(
  badAnywhere,
  char(0x202a, 0x202e),
  char(0x2066, 0x2069),
  fc.constantFrom('\u200b', '\u2060', '\ufeff'),
);
const around = (bad: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.string({ maxLength: 8 }), bad, fc.string({ maxLength: 8 }))
    .map(([a, b, c]) => a + b + c);

/** Text people write: joiners (Persian, Indic, emoji), flags, right-to-left marks, accents. */
const ALLOWED_SAMPLES = [
  'می\u200cخواهم',
  'क्\u200dष',
  '👨\u200d👩\u200d👧',
  '🏴\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f}',
  'שלום\u200f 12',
  'naïve café',
  '漢字 ﾃｽﾄ',
];
/** The test's own statement of what is refused, independent of src/protocol/text.ts. */
const REFUSED_CHAR =
  /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200b\u2060\ufeff\u2028\u2029]|\p{Cs}/u;
const allowed = (maxUnits: number) =>
  fc
    .oneof(
      fc.constantFrom(...ALLOWED_SAMPLES),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }),
    )
    .filter((s) => s.length <= maxUnits && !REFUSED_CHAR.test(s));

interface Scene {
  url: string;
  api: Api;
  manager: Api;
  lease: LeaseHandle;
  itemId: string;
}

type Target = 'note' | 'name' | 'sku' | 'location' | 'lease' | 'username' | 'password' | 'deviceId';
type UrlTarget = 'history-id' | 'status-id' | 'timeline-id';

/** Sends `value` in `target` of an otherwise valid request; returns the reply and the field. */
async function sendIn(
  s: Scene,
  target: Target | 'match.operationId',
  value: string,
): Promise<{ reply: Reply; field: string; opId: string | null }> {
  switch (target) {
    case 'note': {
      const body = s.lease.body(adjust(s.itemId, 1, { note: value }));
      return { reply: await s.api.postOp(body), field: 'op.note', opId: body.id };
    }
    case 'name':
    case 'sku':
    case 'location': {
      const body = s.lease.body({ ...createItem(freshItemId('text')), [target]: value });
      return { reply: await s.api.postOp(body), field: `op.${target}`, opId: body.id };
    }
    case 'lease': {
      const body = { ...s.lease.body(adjust(s.itemId, 1)), lease: s.lease.token + value };
      return { reply: await s.api.postOp(body), field: 'lease', opId: body.id };
    }
    case 'username':
    case 'password': {
      const json = { username: 'demo', password: 'demo', [target]: value };
      return {
        reply: await send(s.url, 'POST', '/api/session', { json }),
        field: target,
        opId: null,
      };
    }
    case 'deviceId':
      return {
        reply: await s.api.post('/api/leases', { deviceId: value }),
        field: target,
        opId: null,
      };
    case 'match.operationId': {
      const rule = { fault: 'drop-response', match: { operationId: value } };
      return { reply: await s.manager.post('/api/sim/faults', rule), field: target, opId: null };
    }
    default:
      return assertNever(target);
  }
}

function pathWith(target: UrlTarget, value: string): string {
  const encoded = encodeURIComponent(value);
  switch (target) {
    case 'history-id':
      return `/api/items/${encoded}/history`;
    case 'status-id':
      return `/api/operations/${encoded}`;
    case 'timeline-id':
      return `/api/sim/timeline?operationId=${encoded}`;
    default:
      return assertNever(target);
  }
}

/** What no refused request may change: the items, the global revision, the probe item's history. */
async function state(s: Scene): Promise<string> {
  const items = await s.api.items();
  return JSON.stringify({ items, history: await s.api.history(s.itemId) });
}

/** The part of a refusal that must be the same on every store. */
const verdict = (reply: Reply) => [reply.status, reply.text];

const verdicts = new Map<string, unknown[]>();

function runs(context: TestContext, n: number) {
  const numRuns = scaled(n, n * 25);
  const before = context.task.meta.reliability?.count ?? 0;
  reliability(context, {
    suite: 'malformed input',
    count: before + numRuns,
    unit: 'cases',
    seed: SEED,
  });
  return { numRuns, seed: SEED };
}

for (const [kind, open] of DATABASES) {
  describe(`the text rule on ${kind}`, () => {
    let db: SharedDatabase;
    let server: RunningServer;
    let scene: Scene;
    const seen: unknown[] = [];
    verdicts.set(kind, seen);

    beforeAll(async () => {
      db = await open();
      server = await startTestServer(db.env);
      const api = await signIn(server.url);
      const lease = await api.lease();
      const itemId = await api.newItem(lease, 10, 'probe');
      scene = { url: server.url, api, manager: await signIn(server.url, 'manager'), lease, itemId };
    }, 60_000);

    afterAll(async () => {
      await server?.close();
      await db?.dispose();
    });

    it('hostile strings in body fields → 400 with field errors, nothing stored', async (context) => {
      const before = await state(scene);
      const targets = fc.constantFrom<Target | 'match.operationId'>(
        'note',
        'name',
        'sku',
        'location',
        'lease',
        'username',
        'password',
        'deviceId',
        'match.operationId',
      );
      const display = new Set(['note', 'name', 'sku', 'location']);
      const cases = targets.chain((target) =>
        around(display.has(target) ? badInDisplay : badAnywhere).map((v) => [target, v] as const),
      );
      await fc.assert(
        fc.asyncProperty(cases, async ([target, value]) => {
          const { reply, field, opId } = await sendIn(scene, target, value);
          expectFieldError(reply, field);
          seen.push(verdict(reply));
          if (opId !== null) {
            // Nothing was stored under the operation's id.
            const status = await scene.api.status(opId, scene.lease.token);
            expect(OperationStatus.parse(status.body).state).toBe('not-yet');
          }
        }),
        runs(context, 150),
      );
      expect(await state(scene)).toBe(before);
    });

    it('hostile strings in the URL → 400 with field errors', async (context) => {
      const targets = fc.constantFrom<UrlTarget>('history-id', 'status-id', 'timeline-id');
      await fc.assert(
        fc.asyncProperty(targets, around(badInUrl), async (target, value) => {
          const reply = await scene.manager.get(pathWith(target, value), {
            'stockroom-lease': scene.lease.token,
          });
          expectFieldError(reply, target === 'timeline-id' ? 'operationId' : 'id');
          seen.push(verdict(reply));
        }),
        runs(context, 40),
      );
    });

    it('in a batch, only the hostile entry is refused', async () => {
      const before = (await scene.api.item(scene.itemId)).quantity;
      const good = [1, 2].map(() => scene.lease.body(adjust(scene.itemId, 1, { note: 'ok' })));
      const bad = scene.lease.body(adjust(scene.itemId, 1, { note: 'a\u0000b' }));
      const reply = await scene.api.batch([good[0], bad, good[1]]);
      expect(reply.status, reply.text).toBe(200);
      const results = BatchResponse.parse(reply.body).results;
      expect(results.map((r) => r.status)).toEqual([201, 400, 201]);
      expect(results[1]?.problem?.code).toBe('invalid-request');
      expect(results[1]?.problem?.errors?.map((e) => e.path)).toEqual(['op.note']);
      expect((await scene.api.item(scene.itemId)).quantity).toBe(before + 2);
    });

    it('allowed text (joiners, emoji, right-to-left marks) round-trips exactly', async (context) => {
      const texts = fc.record({
        name: allowed(200),
        sku: allowed(64),
        location: allowed(64),
        note: allowed(500),
      });
      await fc.assert(
        fc.asyncProperty(texts, async ({ name, sku, location, note }) => {
          const itemId = freshItemId('allowed');
          const op = { ...createItem(itemId), name, sku: `${sku}-${itemId}`, location };
          expectReceipt(await scene.api.postOp(scene.lease.body(op)), 201);
          expectReceipt(await scene.api.postOp(scene.lease.body(adjust(itemId, 1, { note }))), 201);
          const item = await scene.api.item(itemId);
          expect([item.name, item.sku, item.location]).toEqual([name, op.sku, location]);
          const [latest] = await scene.api.history(itemId);
          expect(latest?.note).toBe(note);
        }),
        runs(context, 25),
      );
      // The samples themselves, whatever the generator picked.
      for (const sample of ALLOWED_SAMPLES) {
        const itemId = freshItemId('sample');
        const op = { ...createItem(itemId), name: sample, location: sample };
        expectReceipt(await scene.api.postOp(scene.lease.body(op)), 201);
        const item = await scene.api.item(itemId);
        expect([item.name, item.location]).toEqual([sample, sample]);
      }
    });
  });
}

describe('the same refusals on every store', () => {
  it('SQLite and PostgreSQL answered the same hostile cases with the same bytes', () => {
    const [sqlite, postgres] = DATABASES.map(([kind]) => verdicts.get(kind) ?? []);
    expect(sqlite?.length).toBeGreaterThan(0);
    expect(postgres).toEqual(sqlite);
  });
});
