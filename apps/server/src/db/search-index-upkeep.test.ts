import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { insertUser, searchUsers } from '../modules/accounts';
import { type Db, openDatabase } from './database';
import { migrateToLatest } from './migrate';
import { mergeSearchIndex } from './search-index-upkeep';

/** The username index is merged toward one segment by the server, in steps (SQLite's FTS5). */
const dirs: string[] = [];
const open: Db[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function newDatabase(): Promise<Db> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-search-'));
  dirs.push(dir);
  const db = openDatabase({ kind: 'sqlite', file: path.join(dir, 'spotter.db') });
  open.push(db);
  await migrateToLatest(db);
  return db;
}

async function segments(db: Db, index = 'users_search'): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select count(distinct segid) as n from ${sql.table(`${index}_idx`)}`.execute(db.kysely);
  return Number(rows[0]?.n);
}

const usernames = (found: { username: string }[]) => found.map((user) => user.username);

describe('merging the username search index', () => {
  it('leaves one segment where each signup left its own, and every search answers as before', async () => {
    const db = await newDatabase();
    // One signup at a time, as people sign up: each commit adds a segment.
    for (let i = 0; i < 30; i++) {
      await insertUser(db, {
        publicId: crypto.randomUUID(),
        username: `${['lift', 'run', 'row'][i % 3]}_${i}`,
        firstname: 'Test',
        lastname: `Person ${i}`,
        passwordHash: 'not-a-hash',
        avatarUrl: '/avatars/default.svg',
      });
    }
    const before = await segments(db);
    expect(before).toBeGreaterThan(1);
    // The names' index (decision 089) gathers a segment per signup alike.
    expect(await segments(db, 'users_search_names')).toBeGreaterThan(1);
    const searches = ['lift', 'run_', 'row_2', '_1'];
    const answers = await Promise.all(searches.map((q) => searchUsers(db, q, 20)));
    expect(usernames(answers[0] ?? [])).toHaveLength(10);

    expect(await mergeSearchIndex(db)).toBeGreaterThan(0);
    expect(await segments(db)).toBe(1);
    expect(await segments(db, 'users_search_names')).toBe(1);
    for (const [i, q] of searches.entries()) {
      expect(usernames(await searchUsers(db, q, 20))).toEqual(usernames(answers[i] ?? []));
    }
    // Nothing left to merge: the next run writes nothing.
    expect(await mergeSearchIndex(db)).toBe(0);
  });

  it('does nothing on an empty index', async () => {
    const db = await newDatabase();
    expect(await mergeSearchIndex(db)).toBe(0);
  });
});
