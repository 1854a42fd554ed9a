/**
 * `npx tsx bench/wal-pages.ts [applies]`: which pages one in-process apply writes. Every page a
 * transaction changes is one WAL frame written and fsynced at COMMIT, so this is the deterministic
 * side of store_vs_raw (whose milliseconds are the machine's fsync and its load).
 *
 * The real store on a fresh file (demo items, 200 applies to give the tables some pages), then
 * the WAL is emptied, `applies` single adjusts are committed one by one, and the WAL's frame
 * headers are read: each frame's page number, named by the b-tree that owns it (SQLite's dbstat).
 */
import type Database from 'better-sqlite3';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { applyOne, requestMaker, seededStore } from './support/sqlite-fixture';
import { REPO_ROOT } from './support/server-process';

const applies = Number(process.argv[2] ?? 50);
const dir = join(REPO_ROOT, 'bench', '.data', 'wal-pages');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const path = join(dir, 'store.db');
const store = await seededStore(path);
const next = requestMaker();
for (let i = 0; i < 200; i++) await applyOne(store, await next(i));
// The store keeps its connection private; this tool reads the same file through it.
const db = (store as unknown as { db: Database.Database }).db;
db.pragma('wal_checkpoint(TRUNCATE)');
for (let i = 200; i < 200 + applies; i++) await applyOne(store, await next(i));

const wal = readFileSync(`${path}-wal`);
const pageSize = wal.readUInt32BE(8);
const owners = new Map<number, string>();
for (const row of db.prepare('SELECT name, pageno FROM dbstat').all() as {
  name: string;
  pageno: number;
}[]) {
  owners.set(row.pageno, row.name);
}
const frames = new Map<string, number>();
let total = 0;
// WAL header 32 bytes, then frames: a 24-byte header (page number first) and the page.
for (let offset = 32; offset + 24 <= wal.length; offset += 24 + pageSize) {
  const page = wal.readUInt32BE(offset);
  const owner = owners.get(page) ?? `page ${page}`;
  frames.set(owner, (frames.get(owner) ?? 0) + 1);
  total++;
}
console.log(`WAL frames per single-apply commit: ${(total / applies).toFixed(2)}`);
for (const [owner, n] of [...frames].sort((a, b) => b[1] - a[1])) {
  console.log(`  ${(n / applies).toFixed(2)}  ${owner}`);
}
await store.close();
rmSync(dir, { recursive: true, force: true });
