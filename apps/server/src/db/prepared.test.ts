import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { scratchDatabases } from '../../tests/helpers/scratch-db';
import type { Db } from './database';
import { listArgs, oneOf, prepared } from './prepared';

/** `oneOf` in a compiled query: the same rows on both engines, one statement text on PostgreSQL (decision 053). */
const open = scratchDatabases();

async function newDatabase(kind: 'sqlite' | 'postgres') {
  const db = await open(kind);
  await sql`create table notes (id bigint primary key, tag text not null, body text not null)`.execute(db.kysely);
  await sql`insert into notes (id, tag, body) values (1, 'a', 'one'), (2, 'b', 'two'), (3, 'c''s', 'three')`.execute(
    db.kysely,
  );
  return db;
}

type Notes = { notes: { id: number; tag: string; body: string } };
const byIds = prepared(
  (db: Db, args: Record<string, unknown>, count: string) =>
    sql<{ body: string }>`select body from notes where ${oneOf(db, 'id', args, 'id', Number(count))} order by id`,
);
const byTags = prepared((db: Db, args: Record<string, unknown>, count: string) =>
  (db.kysely as unknown as Kysely<Notes>)
    .selectFrom('notes')
    .select('body')
    .where(oneOf(db, 'notes.tag', args, 'tag', Number(count)))
    .orderBy('id'),
);

const bodies = async (rows: Promise<{ body: string }[]>) => (await rows).map((r) => r.body);

describe.each(['sqlite', 'postgres'] as const)('oneOf on %s', (kind) => {
  it('finds the rows of a list of any length, keys or text', async () => {
    const db = await newDatabase(kind);
    const ids = (list: number[]) => bodies(byIds(db, String(list.length), listArgs('id', list)));
    const tags = (list: string[]) => bodies(byTags(db, String(list.length), listArgs('tag', list)));
    expect(await ids([2])).toEqual(['two']);
    expect(await ids([3, 1, 9])).toEqual(['one', 'three']);
    expect(await ids([7])).toEqual([]);
    expect(await tags(["c's", 'a'])).toEqual(['one', 'three']);
    expect(await tags(['"b"', 'b,c'])).toEqual([]);
  });
});

describe('oneOf on PostgreSQL', () => {
  it('is one named statement for one key and one for lists of every other length, each planned once', async () => {
    const db = await newDatabase('postgres');
    const statements = await db.kysely.connection().execute(async (on) => {
      for (let run = 0; run < 8; run++)
        for (const list of [[1], [1, 2], [3, 2, 1]]) await byIds(db, String(list.length), listArgs('id', list), on);
      const rows = await sql<{
        statement: string;
        generic_plans: number;
      }>`select statement, generic_plans from pg_prepared_statements where statement like 'select body from notes%'
        order by statement`.execute(on);
      return rows.rows.map((row) => [row.statement, Number(row.generic_plans) > 0]);
    });
    // The one-key text keeps its generic plan after its first five runs; the list's may be planned for its values.
    expect(statements).toEqual([
      ['select body from notes where "id" = $1 order by id', true],
      ['select body from notes where "id" = any($1) order by id', expect.any(Boolean)],
    ]);
  });
});
