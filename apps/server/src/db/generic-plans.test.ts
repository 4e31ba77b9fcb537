import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { scratchDatabases } from '../../tests/helpers/scratch-db';
import type { Db } from './database';
import { genericPlansReader } from './generic-plans';

/** Decision 052: reads run on genericPlansReader get PostgreSQL's generic plan from their first run. */
const open = scratchDatabases();

async function newDatabase(kind: 'sqlite' | 'postgres') {
  const db = await open(kind);
  await sql`create table notes (id integer primary key, body text not null)`.execute(db.kysely);
  await sql`insert into notes (id, body) values (1, 'one'), (2, 'two')`.execute(db.kysely);
  return db;
}

// A SELECT with a parameter: on PostgreSQL it runs as a named statement (decision 043).
const bodyOf = (on: Db['kysely'], id: number) =>
  sql<{ body: string }>`select body from notes where id = ${id}`.execute(on).then((r) => r.rows[0]?.body);

type PlanCounts = { generic_plans: number; custom_plans: number; plan_mode: string };
const plansOf = (on: Db['kysely']) =>
  sql<PlanCounts>`select generic_plans, custom_plans, current_setting('plan_cache_mode') as plan_mode
    from pg_prepared_statements where statement like 'select body from notes%'`
    .execute(on)
    .then((r) => r.rows);

describe('generic plans on PostgreSQL', () => {
  it('plans a named statement generically from its first run, and leaves the other connections planning for values', async () => {
    const db = await newDatabase('postgres');
    const inside = await genericPlansReader(db)
      .connection()
      .execute(async (connection) => {
        const body = await bodyOf(connection, 1);
        return { body, plans: await plansOf(connection) };
      });
    expect(inside.body).toBe('one');
    expect(inside.plans).toEqual([{ generic_plans: 1, custom_plans: 0, plan_mode: 'force_generic_plan' }]);

    // The database's own connections plan the same statement for its values.
    await db.kysely.connection().execute(async (connection) => {
      expect(await bodyOf(connection, 2)).toBe('two');
      expect(await plansOf(connection)).toEqual([{ generic_plans: 0, custom_plans: 1, plan_mode: 'auto' }]);
    });
  });

  it('leaves no connection of the main pool with the setting', async () => {
    const db = await newDatabase('postgres');
    expect(await bodyOf(genericPlansReader(db), 1)).toBe('one');
    // Every connection of the pool at once (ten): none kept force_generic_plan.
    const modes = await Promise.all(
      Array.from({ length: 10 }, () =>
        db.kysely.connection().execute(async (connection) => {
          const [row] = (
            await sql<{ mode: string }>`select current_setting('plan_cache_mode') as mode, pg_sleep(0.05)`.execute(
              connection,
            )
          ).rows;
          return row?.mode;
        }),
      ),
    );
    expect(new Set(modes)).toEqual(new Set(['auto']));
  });
});

describe('generic plans on SQLite', () => {
  it('runs the read on the database itself, outside any transaction', async () => {
    const db = await newDatabase('sqlite');
    const on = genericPlansReader(db);
    expect(on).toBe(db.kysely);
    expect(db.sqlite?.inTransaction).toBe(false);
    expect(await bodyOf(on, 2)).toBe('two');
  });
});
