/**
 * The restore drill, on SQLite and PostgreSQL, with the real client core on real
 * in-process servers: two devices confirm work; `npm run backup` runs while the server does; both
 * confirm more; the server stops, `npm run restore` puts the backup back, and the server starts on
 * the restored database. Then:
 *
 * - every operation confirmed before the backup is still there, its receipt byte for byte, and
 *   the devices, which ask about it (read-only), keep it confirmed;
 * - every one confirmed after it is found by its device (one meets the new epoch in a lease answer,
 *   the other at sign-in) and waits in review in the words of
 *   docs/client.md#after-a-server-restore; nothing is sent by itself;
 * - **Send again** sends the same id: applied once; the export ledger holds each effect once.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { StockroomClientCore } from '../../src/client/client';
import { OperationStatus } from '../../src/protocol/schemas';
import { startClientSuiteServer } from './support/server';
import {
  dropSchema,
  randomSchema,
  requirePostgres,
  TEST_DATABASE_URL,
} from '../support/server/postgres-test-db';
import { runTs } from '../api/support/commands';
import { eventually } from '../support/eventually';
import { opById, signedIn, startHarness, type Harness } from './support/harness';

interface Drill {
  env: Record<string, string>;
  dir: string;
  dispose(): Promise<void>;
}

async function sqliteDrill(): Promise<Drill> {
  const dir = await mkdtemp(join(tmpdir(), 'stockroom-drill-'));
  return {
    dir,
    env: { DATABASE_URL: `sqlite:${join(dir, 'stockroom.db')}` },
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

async function postgresDrill(): Promise<Drill> {
  await requirePostgres();
  const schema = randomSchema('drill');
  const dir = await mkdtemp(join(tmpdir(), 'stockroom-drill-pg-'));
  return {
    dir,
    env: { DATABASE_URL: `${TEST_DATABASE_URL}?schema=${schema}`, DEMO: '1' },
    dispose: async () => {
      await dropSchema(schema);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const SECRET = randomBytes(48).toString('base64');

/** `n` adjustments of the lamp by this device, all confirmed; their ids. */
async function confirmedWork(c: StockroomClientCore, n: number, delta: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++)
    ids.push((await c.adjust({ itemId: 'lamp-14', delta, reason: 'received' })).id);
  await c.whenIdle();
  for (const id of ids) expect(opById(c, id).state).toBe('confirmed');
  return ids;
}

async function receiptTexts(h: Harness, c: StockroomClientCore, ids: readonly string[]) {
  const store = await h.storeOf(c);
  try {
    return await store.read(async (tx) =>
      Promise.all(ids.map(async (id) => (await tx.get('operations', id))?.receipt?.text)),
    );
  } finally {
    store.close();
  }
}

describe.each([
  ['sqlite', sqliteDrill],
  ['postgres', postgresDrill],
] as const)('restore drill: %s', (_name, makeDrill) => {
  let h: Harness | null = null;
  let drill: Drill | null = null;
  afterEach(async () => {
    await h?.close();
    h = null;
    await drill?.dispose();
    drill = null;
  });

  it('before the backup: kept byte for byte and confirmed; after it: found by the devices, in review until sent again, applied once', async () => {
    const d = (drill = await makeDrill());
    const env = { ...d.env, STOCKROOM_SECRET: SECRET, EXPORT_FILE: join(d.dir, 'export.jsonl') };
    h = await startHarness(env);
    const a = await signedIn(h);
    const b = await signedIn(h, {}, 'manager');

    const beforeA = await confirmedWork(a, 4, 1);
    const beforeB = await confirmedWork(b, 3, 2);
    const receiptsBefore = [
      ...(await receiptTexts(h, a, beforeA)),
      ...(await receiptTexts(h, b, beforeB)),
    ];

    const file = join(d.dir, 'stockroom.backup');
    const backup = await runTs('src/server/cli/backup.ts', [file], env);
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toMatch(/^backup written: .* \(7 operations recorded, taken at .*\)\n$/);

    const afterA = await confirmedWork(a, 2, 5);
    const afterB = await confirmedWork(b, 2, 7);

    await h.server.close();
    const restored = await runTs('src/server/cli/restore.ts', [file], env);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    h.server = await startClientSuiteServer(env);

    // Device a meets the new epoch in a lease answer (its lease is an hour old), b at sign-in.
    h.clock.advance(2 * 3_600_000);
    await a.syncNow({ newRound: true });
    await a.whenIdle();
    const again = await b.signIn('manager', 'manager');
    expect(again.ok).toBe(true);
    await b.whenIdle();

    for (const [c, ids] of [
      [a, beforeA],
      [b, beforeB],
    ] as const) {
      for (const id of ids) expect(opById(c, id).state).toBe('confirmed');
    }
    expect([
      ...(await receiptTexts(h, a, beforeA)),
      ...(await receiptTexts(h, b, beforeB)),
    ]).toEqual(receiptsBefore);
    const lost = [...afterA.map((id) => [a, id] as const), ...afterB.map((id) => [b, id] as const)];
    for (const [c, id] of lost) {
      const op = opById(c, id);
      expect(op.state).toBe('review');
      expect(op.reason).toMatchObject({ kind: 'restored' });
      expect(op.explanation).toEqual({ kind: 'restore-missing' });
      expect(op.canCheckAndResend).toBe(true);
      expect(op.restored?.missing).toBe(true);
    }
    // Nothing is sent by itself: more rounds, and the server still has none of them.
    await a.syncNow({ newRound: true });
    await b.syncNow({ newRound: true });
    const lamp = async () =>
      (await (
        await fetch(`${h!.server.url}/api/items`, {
          headers: { authorization: `Bearer ${(await signIn(h!.server.url)).token}` },
        })
      ).json()) as { items: { id: string; quantity: number }[] };
    const quantityAfterRestore = (await lamp()).items.find((i) => i.id === 'lamp-14')?.quantity;
    for (const [c, id] of lost) expect(opById(c, id).state).toBe('review');

    // Send again, one of them twice: the same id, applied once.
    const [first] = afterA;
    await a.checkAndResend(first!);
    await a.checkAndResend(first!);
    await a.whenIdle();
    expect(opById(a, first!).state).toBe('confirmed');
    const after = (await lamp()).items.find((i) => i.id === 'lamp-14')?.quantity;
    expect(after).toBe((quantityAfterRestore ?? 0) + 5);
    const token = (await signIn(h.server.url)).token;
    const history = (await (
      await fetch(`${h.server.url}/api/items/lamp-14/history?limit=200`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { entries: { operationId: string }[] };
    expect(history.entries.filter((e) => e.operationId === first).length).toBe(1);
    for (const [c, id] of lost.slice(1)) expect(opById(c, id).state).toBe('review');

    // The ledger got every effect before the restore; the re-sent one is not delivered twice.
    await eventually(
      () => h!.server.store.exportBacklog(),
      (x) => x.pending === 0,
      'export drained',
    );
    const ids = (await readFile(env.EXPORT_FILE, 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { effectId: string }).effectId);
    expect(ids.filter((id) => id === first)).toHaveLength(1);
    expect(new Set(ids).size).toBe(ids.length);
    void OperationStatus;
  });
});

async function signIn(url: string): Promise<{ token: string }> {
  const res = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'demo' }),
  });
  return (await res.json()) as { token: string };
}
