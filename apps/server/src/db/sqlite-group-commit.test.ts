import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from './database';
import SqliteDatabase from './sqlite-driver';

/** Decision 051: the transactions that end in one turn of the event loop share one commit. */
const opened: { db: Db; other: { close(): unknown }; dir: string }[] = [];
afterEach(async () => {
  for (const { db, other, dir } of opened.splice(0)) {
    other.close();
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

async function newDatabase() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-group-commit-'));
  const file = path.join(dir, 'spotter.db');
  const db = openDatabase({ kind: 'sqlite', file });
  await sql`create table parents (id integer primary key)`.execute(db.kysely);
  await sql`create table notes (id integer primary key, body text not null unique,
    parent_id integer references parents (id) deferrable initially deferred)`.execute(db.kysely);
  // Another connection, as another process (the admin commands, a backup) sees the file.
  const other = new SqliteDatabase(file, { readonly: true });
  opened.push({ db, other, dir });
  const committed = () =>
    (other.prepare('select body from notes order by id').all() as { body: string }[]).map((row) => row.body);
  return { db, committed };
}

const insertNote = (db: Db, body: string, parentId: number | null = null) =>
  db.kysely.transaction().execute(async (trx) => {
    await sql`insert into notes (body, parent_id) values (${body}, ${parentId})`.execute(trx);
    return body;
  });

describe('group commit on SQLite', () => {
  it('answers a transaction only once what it wrote is committed for every connection', async () => {
    const { db, committed } = await newDatabase();
    const seen: string[][] = [];
    await Promise.all(
      ['a', 'b', 'c'].map(async (body) => {
        await insertNote(db, body);
        seen.push(committed());
      }),
    );
    // Each caller, when answered, finds its own row (and its batch's) in the file.
    for (const rows of seen) expect(rows).toEqual(['a', 'b', 'c']);
  });

  it('rolls back a failing transaction alone, keeping the others of its batch', async () => {
    const { db, committed } = await newDatabase();
    const results = await Promise.allSettled([
      insertNote(db, 'first'),
      insertNote(db, 'first'), // unique: fails
      db.kysely.transaction().execute(async (trx) => {
        await sql`insert into notes (body) values ('undone')`.execute(trx);
        throw new Error('the caller changed its mind');
      }),
      insertNote(db, 'second'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(committed()).toEqual(['first', 'second']);
  });

  it('commits the batch before a write made outside a transaction, and that write before it answers', async () => {
    const { db, committed } = await newDatabase();
    const inBatch = insertNote(db, 'in a transaction');
    await sql`insert into notes (body) values ('alone')`.execute(db.kysely);
    expect(committed()).toEqual(['in a transaction', 'alone']);
    await inBatch;
  });

  it('fails every transaction of a batch whose commit fails, and keeps none of them', async () => {
    const { db, committed } = await newDatabase();
    // The deferred foreign key is checked at the COMMIT, after each transaction has ended well.
    const results = await Promise.allSettled([
      insertNote(db, 'innocent'),
      insertNote(db, 'orphan', 42),
      insertNote(db, 'bystander'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(committed()).toEqual([]);
    // The connection is usable again at once.
    await insertNote(db, 'after');
    expect(committed()).toEqual(['after']);
  });

  it('lets reads run while a batch waits for its commit, and they see what it wrote', async () => {
    const { db } = await newDatabase();
    const pending = insertNote(db, 'written');
    const read = sql<{ n: number }>`select count(*) as n from notes`.execute(db.kysely);
    const [, { rows }] = await Promise.all([pending, read]);
    expect(rows[0]?.n).toBe(1);
  });

  it('runs a PRAGMA outside the batch, where SQLite would ignore it', async () => {
    const { db } = await newDatabase();
    // The transaction leaves its batch open for the turn; `foreign_keys` cannot change inside it.
    const written = insertNote(db, 'written');
    const off = sql`pragma foreign_keys = off`.execute(db.kysely);
    await Promise.all([written, off]);
    const { rows } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db.kysely);
    expect(rows[0]?.foreign_keys).toBe(0);
  });
});
