/**
 * docs/operations.md#stopping, with real signals to a real server process and real
 * sockets: under load, SIGTERM; every request already being processed is answered; a change sent
 * afterwards on a kept-alive connection gets `503 overloaded` with `Connection: close` and has no
 * effect; `/readyz` on such a connection says not ready; a new connection is refused; the process
 * exits 0 within SHUTDOWN_TIMEOUT. Also with WORKERS=2 (the primary passes the signal on).
 *
 * "Being processed" without any timing guess: each such request is sent with
 * `Expect: 100-continue` and half its body; the server's `100 Continue` says it has the request,
 * and the test sends the rest of the body only after the signal. The later requests on those
 * connections are pipelined behind that rest: they arrive after the signal, while their
 * connection is certainly still open (with WORKERS=2 a process whose last request is answered
 * closes its connections, and which process holds which connection is the kernel's choice).
 */
import { describe, expect, it } from 'vitest';
import type { Op } from '../../src/protocol/schemas';
import { Connection } from '../api/support/connection';
import { eventually } from '../support/eventually';
import {
  historyIds,
  items,
  lease,
  postOperation,
  signIn,
  type Session,
} from '../support/api-client';
import { postgresDatabase, sqliteDatabase, type SharedDatabase } from './support/databases';
import { spawnServer } from './support/process';

/** Above the default (10 s) so a machine busy with other work cannot end the drain mid-test. */
const SHUTDOWN_TIMEOUT_MS = 30_000;
/** Requests caught in flight by the signal, each on a kept-alive connection of its own. */
const IN_FLIGHT = 12;
const SENDERS = 4;

interface Body {
  id: string;
  lease: string;
  op: Op;
}

function head(base: string, path: string, token: string, length: number, extra = ''): string {
  return (
    `POST ${path} HTTP/1.1\r\nHost: ${new URL(base).host}\r\nAuthorization: Bearer ${token}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${length}\r\n${extra}\r\n`
  );
}

/** A change the server has begun to process (it said `100 Continue`), its body half sent. */
async function halfSent(base: string, session: Session, body: Body) {
  const connection = await Connection.open(base);
  const text = Buffer.from(JSON.stringify(body));
  const half = Math.floor(text.length / 2);
  connection.write(
    head(base, '/api/operations', session.token, text.length, 'Expect: 100-continue\r\n'),
  );
  if (!(await connection.seen('HTTP/1.1 100 Continue\r\n\r\n')))
    throw new Error('the server closed the connection instead of 100 Continue');
  connection.consume();
  connection.write(text.subarray(0, half));
  return {
    connection,
    /** The rest of the body, and `then` (another request) right behind it. */
    finish: (then = '') =>
      connection.write(Buffer.concat([text.subarray(half), Buffer.from(then)])),
  };
}

const connectRefused = (base: string) =>
  Connection.open(base).then(
    (c) => {
      c.destroy();
      return false;
    },
    (error: NodeJS.ErrnoException) => error.code === 'ECONNREFUSED',
  );

const CASES: [string, () => Promise<SharedDatabase>, number][] = [
  ['SQLite, one process', sqliteDatabase, 1],
  ['SQLite, WORKERS=2', sqliteDatabase, 2],
  ['PostgreSQL, WORKERS=2', postgresDatabase, 2],
];

describe.each(CASES)('SIGTERM under load (%s)', (_name, open, workers) => {
  it('answers what is in flight, refuses what comes after, exits 0 in time', async () => {
    const db = await open();
    const env = {
      ...db.env,
      WORKERS: String(workers),
      SHUTDOWN_TIMEOUT: `${SHUTDOWN_TIMEOUT_MS}ms`,
      LEASE_SIZE: '100000',
    };
    try {
      let server = await spawnServer(env);
      const session = await signIn(server.url);
      const { lease: l, token } = await lease(server.url, session);
      const item = (await items(server.url, session)).items[0];
      if (!item) throw new Error('no demo item');
      let seq = 0;
      const change = (): Body => ({
        id: `${l.id}.${seq++}`,
        lease: token,
        op: { type: 'adjust', itemId: item.id, delta: 1, reason: 'received' },
      });

      // Load: senders over fetch's kept-alive pool until the server stops answering.
      const answered: string[] = [];
      const notApplied: string[] = [];
      const violations: string[] = [];
      let loading = true;
      const senders = Array.from({ length: SENDERS }, async () => {
        while (loading) {
          const body = change();
          try {
            const reply = await postOperation(server.url, session, body);
            if (reply.status === 201) answered.push(body.id);
            else if (reply.status === 503 && reply.text.includes('"overloaded"'))
              notApplied.push(body.id);
            else violations.push(`${body.id}: HTTP ${reply.status} ${reply.text}`);
          } catch {
            // Refused, or an idle kept-alive connection closed by the stop: never processed.
            notApplied.push(body.id);
            loading = false;
          }
        }
      });
      const caught = await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          const body = change();
          return { body, ...(await halfSent(server.url, session, body)) };
        }),
      );
      await eventually(
        () => Promise.resolve(answered.length),
        (n) => n >= 20,
        'the load is flowing',
      );

      const signalled = Date.now();
      server.child.kill('SIGTERM');
      await eventually(
        () => Promise.resolve(server.output.match(/finishing in-flight work/g)?.length ?? 0),
        (n) => n >= workers,
        'every server process says it is stopping',
      );
      await eventually(() => connectRefused(server.url), Boolean, 'a new connection is refused');

      // Every request caught in flight gets its answer; a change sent on that kept-alive
      // connection after the signal is refused, the connection closed, nothing processed.
      const [first, second, ...rest] = caught;
      if (!first || !second) throw new Error('nothing in flight');
      const late = change();
      const lateText = JSON.stringify(late);
      first.finish(
        head(server.url, '/api/operations', session.token, Buffer.byteLength(lateText)) + lateText,
      );
      expect((await first.connection.next()).status).toBe(201);
      const lateReply = await first.connection.next();
      expect(lateReply.status).toBe(503);
      expect(lateReply.headers['connection']).toBe('close');
      expect(JSON.parse(lateReply.body)).toMatchObject({ code: 'overloaded' });
      await first.connection.closed;

      // /readyz on another such connection: not ready from the first moment of the stop.
      second.finish(`GET /readyz HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\n\r\n`);
      expect((await second.connection.next()).status).toBe(201);
      const ready = await second.connection.next();
      expect(ready.status).toBe(503);
      expect(ready.headers['connection']).toBe('close');
      expect(JSON.parse(ready.body)).toMatchObject({
        code: 'not-ready',
        detail: expect.stringMatching(/shutting down/),
      });

      for (const r of rest) r.finish();
      const replies = await Promise.all(rest.map((r) => r.connection.next()));
      expect(replies.map((r) => r.status)).toEqual(rest.map(() => 201));

      const code = await server.exited;
      const tookMs = Date.now() - signalled;
      loading = false;
      await Promise.all(senders);
      expect(code).toBe(0);
      expect(tookMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
      expect(violations).toEqual([]);

      // After a restart: what was answered is there once; what was refused left no trace.
      server = await spawnServer({ ...env, WORKERS: '1' });
      try {
        const history = await historyIds(server.url, session, item.id);
        const applied = [...answered, ...caught.map((c) => c.body.id)];
        expect(applied.filter((id) => history.filter((h) => h === id).length !== 1)).toEqual([]);
        expect(history).not.toContain(late.id);
        expect(notApplied.filter((id) => history.includes(id))).toEqual([]);
        const status = await fetch(`${server.url}/api/operations/${late.id}`, {
          headers: { Authorization: `Bearer ${session.token}`, 'Stockroom-Lease': token },
        });
        expect(await status.json()).toMatchObject({ state: 'not-yet' });
      } finally {
        await server.stop();
      }
    } finally {
      await db.dispose();
    }
  }, 120_000);
});
