import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { scratchDatabases } from '../../tests/helpers/scratch-db';
import type { Db } from './database';
import { type Columns, rowsUnpacker, selectColumns } from './packed-rows';
import { prepared } from './prepared';

const open = scratchDatabases();

/** Text that JSON must escape, or that a careless packing would cut or change. */
const hostile = [
  'plain',
  '',
  'quote " and backslash \\ and slash /',
  'line\nbreak\ttab\rreturn',
  'control \u0001\u001f and nul-free',
  'ünïcödé, 日本語, emoji 🏋️‍♀️💪',
  '["looks", "like", {"json": true}]',
  '<script>alert(1)</script>',
];

const columns: Columns = [
  ['id', sql.ref('n.id')],
  ['body', sql.ref('n.body')],
  ['count', sql.ref('n.count')],
  ['missing', sql.ref('n.missing')],
  ['found', sql`exists (select 1 from notes m where m.id = n.id)`],
];
const unpack = rowsUnpacker<Record<string, unknown>>(columns.map(([name]) => name));

/** The notes table with one row per hostile text, counts near 2^53 and below zero. */
async function notes(db: Db) {
  await sql`create table notes (id integer primary key, body text not null, count bigint not null, missing text)`.execute(
    db.kysely,
  );
  for (const [i, body] of hostile.entries()) {
    const count = i % 2 === 0 ? Number.MAX_SAFE_INTEGER - i : -i;
    await sql`insert into notes (id, body, count) values (${i + 1}, ${body}, ${count})`.execute(db.kysely);
  }
}

type NotesTable = { notes: { id: number; body: string; count: number; missing: string | null } };

/** A Kysely-built query run by `prepared` with its select list packed on SQLite: names from aliases and columns. */
const packedNotes = prepared(
  (db: Db, args: { from: number }) =>
    (db.kysely as unknown as Kysely<NotesTable>)
      .selectFrom('notes as n')
      .select(['n.id', 'n.body as text', 'n.count', 'n.missing'])
      .select((eb) => eb.exists(eb.selectFrom('notes as m').select('m.id').whereRef('m.id', '=', 'n.id')).as('found'))
      .where('n.id', '>=', args.from)
      .orderBy('n.id', 'desc'),
  { packed: true },
);

describe('rows packed as one JSON array on SQLite (db/packed-rows.ts)', () => {
  it.each(['sqlite', 'postgres'] as const)(
    'answers on %s the rows a plain select list answers: text, big integers and NULL unchanged',
    async (kind) => {
      const db = await open(kind);
      await notes(db);
      const packed = await sql`select ${selectColumns(db, columns)} from notes n order by n.id`.execute(db.kysely);
      const rows = unpack(db, packed.rows);
      expect(rows.map((row) => row.body)).toEqual(hostile);
      expect(rows.map((row) => [row.id, row.count, row.missing, Boolean(row.found)])).toEqual(
        hostile.map((_, i) => [i + 1, i % 2 === 0 ? Number.MAX_SAFE_INTEGER - i : -i, null, true]),
      );
      // Every row has the columns' names, in their order, and nothing else.
      for (const row of rows) expect(Object.keys(row)).toEqual(columns.map(([name]) => name));
      if (kind === 'sqlite') expect(Object.keys(packed.rows[0] as object)).toEqual(['packed']);
    },
  );
});

describe('prepared queries with their select list packed on SQLite', () => {
  it.each(['sqlite', 'postgres'] as const)(
    'answers on %s the rows, names and order of the plain query, its values unchanged',
    async (kind) => {
      const db = await open(kind);
      await notes(db);
      const rows = await packedNotes(db, 'all', { from: 2 });
      expect(rows.map((row) => row.id)).toEqual(hostile.slice(1).map((_, i) => hostile.length - i));
      expect(rows.map((row) => row.text)).toEqual(hostile.slice(1).reverse());
      expect(rows.map((row) => [row.count, row.missing, Boolean(row.found)])).toEqual(
        hostile
          .map((_, i) => [i % 2 === 0 ? Number.MAX_SAFE_INTEGER - i : -i, null, true])
          .slice(1)
          .reverse(),
      );
      for (const row of rows) expect(Object.keys(row)).toEqual(['id', 'text', 'count', 'missing', 'found']);
    },
  );
});
