/**
 * The minimal durable idempotent write server (docs/performance.md#benchmarks, `ops_vs_minimal`):
 * the floor a safe write cannot go below on this machine, so the figure says what everything else
 * costs.
 *
 * `POST /api/operations` with the real server's body (`{ id, op: { itemId, delta } }`, anything
 * else in it ignored): `node:http`, no framework, `JSON.parse`, no auth, no validation beyond what
 * the SQL needs. Durability and batching are the real server's, nothing weaker, nothing slower:
 *
 *   - SQLite in WAL mode with `synchronous=FULL` (a 201 survives a crash of the machine) and the
 *     store's WAL checkpoint interval;
 *   - the same group commit as src/server/store/sqlite-group-commit.ts: requests that arrive while the
 *     event loop is busy queue up and one `setImmediate` flush writes them in ONE transaction
 *     (`BEGIN IMMEDIATE` … `COMMIT`, one fsync), answering each only after the COMMIT;
 *   - per request, two prepared statements: the receipt `INSERT … ON CONFLICT DO NOTHING` (the
 *     deduplication) and, only when that inserted, the item `UPDATE`. A repeated id changes
 *     nothing and gets its stored receipt back (200).
 *
 * No savepoints: these two statements cannot fail one request without failing the whole group
 * (a full disk), so there is nothing to isolate. Started like the real server
 * (`node --import tsx bench/minimal/server.ts`, `PORT`, `HOST`, `DATABASE_PATH`), it prints
 * `Stockroom minimal listening on <url>` and stops on SIGTERM after the queued work.
 */
import Database from 'better-sqlite3';
import { createServer, type ServerResponse } from 'node:http';
import { DEMO_ITEMS } from '../../src/server/demo';
import { WAL_AUTOCHECKPOINT_PAGES } from '../../src/server/store/sqlite-connection';

interface Pending {
  id: string;
  itemId: string;
  delta: number;
  response: ServerResponse;
}

const db = new Database(process.env['DATABASE_PATH'] ?? ':memory:');
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
// The store's checkpoint interval: whatever helps the real server's commits helps this one too.
db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
db.exec(`
  CREATE TABLE IF NOT EXISTS receipts (id TEXT PRIMARY KEY, receipt TEXT NOT NULL) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS items (id TEXT PRIMARY KEY, quantity INTEGER NOT NULL) WITHOUT ROWID;
`);
const seed = db.prepare('INSERT OR IGNORE INTO items (id, quantity) VALUES (?, ?)');
db.transaction(() => DEMO_ITEMS.forEach((i) => seed.run(i.id, i.quantity)))();

const insertReceipt = db.prepare(
  'INSERT INTO receipts (id, receipt) VALUES (?, ?) ON CONFLICT DO NOTHING',
);
const storedReceipt = db.prepare('SELECT receipt FROM receipts WHERE id = ?').pluck();
const updateItem = db.prepare('UPDATE items SET quantity = quantity + ? WHERE id = ?');
const begin = db.prepare('BEGIN IMMEDIATE');
const commit = db.prepare('COMMIT');

let pending: Pending[] = [];
let flushScheduled = false;

function answer(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
}

function flush(): void {
  flushScheduled = false;
  const group = pending;
  pending = [];
  const answers: [ServerResponse, number, string][] = [];
  try {
    begin.run();
    const at = Date.now();
    for (const p of group) {
      const receipt = `{"id":${JSON.stringify(p.id)},"itemId":${JSON.stringify(p.itemId)},"delta":${p.delta},"recordedAt":${at}}`;
      if (insertReceipt.run(p.id, receipt).changes === 1) {
        updateItem.run(p.delta, p.itemId);
        answers.push([p.response, 201, receipt]);
      } else {
        answers.push([p.response, 200, storedReceipt.get(p.id) as string]);
      }
    }
    commit.run();
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    console.error(error);
    group.forEach((p) => answer(p.response, 500, '{"error":"not stored"}'));
    return;
  }
  answers.forEach(([response, status, body]) => answer(response, status, body));
}

function accept(response: ServerResponse, text: string): void {
  let body: { id?: unknown; op?: { itemId?: unknown; delta?: unknown } };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return answer(response, 400, '{"error":"not JSON"}');
  }
  const { id } = body;
  const itemId = body.op?.itemId;
  const delta = body.op?.delta;
  if (typeof id !== 'string' || typeof itemId !== 'string' || typeof delta !== 'number') {
    return answer(response, 400, '{"error":"id, op.itemId and op.delta are required"}');
  }
  pending.push({ id, itemId, delta, response });
  if (!flushScheduled) {
    flushScheduled = true;
    setImmediate(flush);
  }
}

const server = createServer((request, response) => {
  if (request.method !== 'POST' || request.url !== '/api/operations') {
    return answer(response, 404, '{"error":"not found"}');
  }
  const chunks: Buffer[] = [];
  request.on('data', (c: Buffer) => chunks.push(c));
  request.on('end', () => accept(response, Buffer.concat(chunks).toString('utf8')));
});

server.listen(Number(process.env['PORT'] ?? 0), process.env['HOST'] ?? '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`Stockroom minimal listening on http://127.0.0.1:${port}`);
});

process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  const stop = () => {
    if (pending.length || flushScheduled) return setImmediate(stop);
    db.close();
    process.exit(0);
  };
  stop();
});
