import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { scratchDatabases } from '../../tests/helpers/scratch-db';

/** Decisions 043 and 053: which statements PostgreSQL keeps by name on a connection (parsed once, plans kept). */
const open = scratchDatabases();

describe('named statements on PostgreSQL', () => {
  it('names a SELECT, one begun by WITH, and writes; not one whose text follows an IN list, nor one of over 1,000 values', async () => {
    const db = await open('postgres');
    await sql`create table notes (id integer primary key, body text not null)`.execute(db.kysely);
    const named = await db.kysely.connection().execute(async (on) => {
      await sql`select body from notes where id = ${1}`.execute(on);
      await sql`with wanted as materialized (select ${2}::integer as id) select body from notes join wanted using (id)`.execute(
        on,
      );
      await sql`select body from notes where id in (${1}, ${2})`.execute(on);
      await sql`insert into notes (id, body) values (${3}, 'three')`.execute(on);
      await sql`update notes set body = ${'drei'} where id = ${3}`.execute(on);
      await sql`delete from notes where id = ${3}`.execute(on);
      // An import's batch: 501 rows of two values, a text that rarely comes back.
      const batch = Array.from({ length: 501 }, (_, i) => sql`(${10 + i}, ${`row ${i}`})`);
      await sql`insert into notes (id, body) values ${sql.join(batch)}`.execute(on);
      const rows = await sql<{
        statement: string;
      }>`select statement from pg_prepared_statements order by statement`.execute(on);
      return rows.rows.map((row) => row.statement.split(' ').slice(0, 4).join(' '));
    });
    expect(named).toEqual([
      'delete from notes where',
      'insert into notes (id,',
      'select body from notes',
      'update notes set body',
      'with wanted as materialized',
    ]);
  });
});
