import Database from 'better-sqlite3';
import { performance } from 'node:perf_hooks';
import { rmSync, mkdirSync } from 'node:fs';
import { applyOne, DEMO_ITEM_IDS, requestMaker, seededStore } from '../support/sqlite-fixture';
const dir = 'bench/.data/ckpt'; rmSync(dir,{recursive:true,force:true}); mkdirSync(dir,{recursive:true});
const ac = Number(process.argv[2] ?? 1000);
await (await seededStore(`${dir}/raw.db`)).close();
const db = new Database(`${dir}/raw.db`); db.pragma('journal_mode = WAL'); db.pragma('synchronous = FULL'); db.pragma(`wal_autocheckpoint = ${ac}`);
const upd = db.prepare(`UPDATE items SET quantity = quantity + ?, revision = revision + 1, updated_at = ? WHERE id = ? RETURNING quantity`);
const jr = db.prepare(`INSERT INTO journal (item_id, operation_id, user_id, type, delta, resulting_quantity, reason, note, recorded_at) VALUES (?, ?, 'bench', 'adjust', 1, ?, 'received', NULL, ?)`);
const store = await seededStore(`${dir}/store.db`);
// reach into the store's db for the autocheckpoint setting
(store as unknown as { db: Database.Database }).db.pragma(`wal_autocheckpoint = ${ac}`);
const next = requestMaker();
let s = 0, r = 0;
const res: string[] = [];
for (let round = 0; round < 6; round++) {
  const st: number[] = []; const rt: number[] = [];
  for (let i = 0; i < 300; i++) { const t = await applyOne(store, await next(s++)); st.push(t.commit); }
  for (let i = 0; i < 300; i++) { const id = DEMO_ITEM_IDS[r % DEMO_ITEM_IDS.length]!; db.exec('BEGIN'); const q = upd.get(1, Date.now(), id) as {quantity:number}; jr.run(id, `raw.${r++}`, q.quantity, Date.now()); const t0 = performance.now(); db.exec('COMMIT'); rt.push(performance.now() - t0); }
  const m = (a: number[]) => (a.reduce((x, y) => x + y, 0) / a.length).toFixed(3);
  const p = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1]!.toFixed(3);
  res.push(`store mean ${m(st)} p50 ${p(st)} | raw mean ${m(rt)} p50 ${p(rt)}`);
}
console.log(`autocheckpoint ${ac}\n` + res.join('\n'));
