import Database from 'better-sqlite3';
import { performance } from 'node:perf_hooks';
import { rmSync, mkdirSync } from 'node:fs';
// commit time vs number of distinct pages touched per transaction
const dir = 'bench/.data/frames'; rmSync(dir,{recursive:true,force:true}); mkdirSync(dir,{recursive:true});
function run(pages: number, autock: number, n = 600) {
  const db = new Database(`${dir}/p${pages}-${autock}.db`);
  db.pragma('journal_mode = WAL'); db.pragma('synchronous = FULL'); db.pragma(`wal_autocheckpoint = ${autock}`);
  for (let t = 0; t < pages; t++) { db.exec(`CREATE TABLE t${t} (id INTEGER PRIMARY KEY, v BLOB)`); }
  const ins = Array.from({length: pages}, (_, t) => db.prepare(`INSERT INTO t${t} (v) VALUES (?)`));
  const b = db.prepare('BEGIN IMMEDIATE'), c = db.prepare('COMMIT');
  const blob = Buffer.alloc(100, 1);
  const times: number[] = [];
  for (let i = 0; i < n; i++) { b.run(); ins.forEach(s => s.run(blob)); const t0 = performance.now(); c.run(); times.push(performance.now() - t0); }
  times.sort((a, b) => a - b);
  const mean = times.reduce((s, x) => s + x, 0) / n;
  console.log(`pages ${pages} autock ${autock}: mean ${mean.toFixed(3)} p50 ${times[n>>1]!.toFixed(3)} p90 ${times[Math.floor(n*0.9)]!.toFixed(3)}`);
  db.close();
}
for (const ac of [1000, 10000]) for (const p of [3, 6, 9, 13]) run(p, ac);
for (const p of [3, 13]) run(p, 1000);
