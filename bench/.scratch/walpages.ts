import Database from 'better-sqlite3';
import { readFileSync, rmSync, mkdirSync } from 'node:fs';
import { applyOne, requestMaker, seededStore } from '../support/sqlite-fixture';
const dir = 'bench/.data/walpages'; rmSync(dir,{recursive:true,force:true}); mkdirSync(dir,{recursive:true});
const path = `${dir}/store.db`;
const store = await seededStore(path);
const next = requestMaker();
for (let i = 0; i < 200; i++) await applyOne(store, await next(i)); // warm: tables have some pages
const db = (store as unknown as { db: Database.Database }).db;
db.pragma('wal_checkpoint(TRUNCATE)');
const N = 50;
for (let i = 200; i < 200 + N; i++) await applyOne(store, await next(i));
const wal = readFileSync(`${path}-wal`);
const pageSize = wal.readUInt32BE(8);
const pages: number[] = [];
for (let off = 32; off + 24 <= wal.length; off += 24 + pageSize) pages.push(wal.readUInt32BE(off));
const owner = new Map<number, string>();
for (const r of db.prepare('SELECT name, pageno FROM dbstat').all() as { name: string; pageno: number }[]) owner.set(r.pageno, r.name);
const count = new Map<string, number>();
for (const p of pages) { const n = owner.get(p) ?? `page${p}`; count.set(n, (count.get(n) ?? 0) + 1); }
console.log(`frames per commit ${(pages.length / N).toFixed(2)}`);
console.log([...count].sort((a, b) => b[1] - a[1]).map(([n, c]) => `${n} ${(c / N).toFixed(2)}`).join('\n'));
await store.close();
