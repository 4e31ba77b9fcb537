/**
 * What `synchronous = FULL` costs over `NORMAL` in WAL mode on this disk: one small insert per commit,
 * as the server commits one write per request. `npx tsx bench/probes/sqlite-sync.ts` (docs/reliability.md).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from '../../apps/server/src/db/sqlite-driver';

const commits = 2000;
for (const mode of ['NORMAL', 'FULL']) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-sync-'));
  const db = new SqliteDatabase(path.join(dir, 'sync.db'));
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${mode}`);
  db.exec('create table posts (id integer primary key, content text not null)');
  const insert = db.prepare('insert into posts (content) values (?)');
  const started = process.hrtime.bigint();
  for (let i = 0; i < commits; i++) insert.run(`post ${i}: deadlift 3 × 5 at 140 kg, felt strong`);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  console.log(
    `${mode.padEnd(6)} ${(ms / commits).toFixed(3)} ms per commit, ${Math.round(commits / (ms / 1000))} commits/s`,
  );
  db.close();
  fs.rmSync(dir, { recursive: true });
}
