import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import SqliteDatabase from './sqlite-driver';
import { checkpointIntervalMs, startWalCheckpointer } from './wal-checkpointer';

/** Decision 050: the server's SQLite connection never checkpoints; a thread of its own does. */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function newFile() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-wal-'));
  dirs.push(dir);
  return path.join(dir, 'spotter.db');
}

async function until(check: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return check();
}

describe('WAL checkpoints off the event loop', () => {
  it('copies committed pages into the database file while the server connection does not checkpoint', async () => {
    const file = newFile();
    const db = openDatabase({ kind: 'sqlite', file });
    try {
      expect(db.sqlite?.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      await sql`create table notes (body text)`.execute(db.kysely);
      const before = fs.statSync(file).size;
      // 2 MB in one transaction: its pages go to the WAL first, then to the file.
      await db.kysely.transaction().execute(async (trx) => {
        for (let i = 0; i < 64; i++) await sql`insert into notes values (${'x'.repeat(32_768)})`.execute(trx);
      });
      expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(2_000_000);
      expect(await until(() => fs.statSync(file).size - before > 2_000_000, 40 * checkpointIntervalMs)).toBe(true);
    } finally {
      await db.close();
    }
  });

  it('starts the WAL over under writes that never pause, with every row kept (decision 058)', async () => {
    const file = newFile();
    const restartFrames = 256; // 1 MiB of 4 KiB pages
    const db = openDatabase({ kind: 'sqlite', file }, { walRestartFrames: restartFrames });
    const wal = () => fs.statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;
    try {
      await sql`create table notes (writer integer, body text)`.execute(db.kysely);
      // Twenty writers, each committing a row as soon as its last one is kept: some transaction is
      // open whenever a checkpoint ends, as under a server's steady load.
      // They write for 8 checkpoint intervals and until the WAL's restart size was written 8 times
      // over: a loaded machine writes less in the time.
      const stopAt = Date.now() + 8 * checkpointIntervalMs;
      const enough = 8 * restartFrames * 4096;
      let rows = 0;
      let largest = 0;
      const writer = async (id: number) => {
        while (Date.now() < stopAt || rows * 1_000 <= enough) {
          await db.kysely.transaction().execute(async (trx) => {
            await sql`insert into notes values (${id}, ${'x'.repeat(1_000)})`.execute(trx);
          });
          rows += 1;
          largest = Math.max(largest, wal());
        }
      };
      await Promise.all(Array.from({ length: 20 }, (_, id) => writer(id)));
      // A WAL that never started over would hold every row written. How often it starts over depends on how
      // busy the machine is (the checkpoint runs on a thread of its own; a run at load 15 kept 22.7 of
      // 33 MB), so what is checked is that it did, not a share of what was written.
      expect(largest).toBeLessThan(rows * 1_000);
      const [kept] = (await sql<{ n: number }>`select count(*) as n from notes`.execute(db.kysely)).rows;
      expect(kept?.n).toBe(rows);
    } finally {
      await db.close();
    }
  });

  it('asks for one pause per restart, not again while the WAL waits for the next write to start it over', async () => {
    const file = newFile();
    const restartFrames = 256;
    // The server's connection, as db/database.ts opens it: no checkpoints of its own.
    const server = new SqliteDatabase(file);
    server.pragma('journal_mode = WAL');
    server.pragma('wal_autocheckpoint = 0');
    server.exec('create table notes (body text)');
    const insert = server.prepare('insert into notes values (?)');
    const writeMiB = (mib: number) =>
      server.transaction(() => {
        for (let i = 0; i < 32 * mib; i++) insert.run('x'.repeat(32_768));
      })();
    const walFrames = () => (server.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0]?.log ?? -1;
    let pauses = 0;
    const errors: string[] = [];
    const checkpointer = startWalCheckpointer(file, {
      restartFrames,
      onError: (message) => errors.push(message),
      // The server's side of decision 058: a pause between two transactions for one more checkpoint.
      onOutgrown: () => {
        pauses += 1;
        void checkpointer.catchUp();
      },
    });
    const ticks = (n: number) => new Promise((resolve) => setTimeout(resolve, n * checkpointIntervalMs));
    try {
      writeMiB(2);
      expect(await until(() => pauses === 1, 20 * checkpointIntervalMs)).toBe(true);
      // No write for six checkpoints: the WAL is all copied, and still its size until a write begins.
      await ticks(6);
      expect(pauses).toBe(1);
      // The next write starts it over; nothing more is asked.
      insert.run('after the restart');
      expect(walFrames()).toBeLessThan(restartFrames);
      await ticks(4);
      expect(pauses).toBe(1);

      // Outgrown again after it started over: asked again.
      writeMiB(3);
      expect(await until(() => pauses === 2, 20 * checkpointIntervalMs)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await checkpointer.stop();
      server.close();
    }
  });

  it('closes with everything in the database file and the WAL gone', async () => {
    const file = newFile();
    const db = openDatabase({ kind: 'sqlite', file });
    await sql`create table notes (body text)`.execute(db.kysely);
    await sql`insert into notes values ('kept')`.execute(db.kysely);
    await db.close();
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const reopened = new SqliteDatabase(file, { readonly: true });
    try {
      expect(reopened.prepare('select body from notes').pluck().all()).toEqual(['kept']);
    } finally {
      reopened.close();
    }
  });
});
