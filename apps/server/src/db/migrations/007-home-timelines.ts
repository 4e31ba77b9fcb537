import { type Kysely, type QueryExecutorProvider, sql } from 'kysely';
import type { DialectKind } from '../database';

/** The bounded length the backfill keeps per viewer (the default of HOME_TIMELINE_LENGTH when it shipped). */
const backfillLength = 400;

/**
 * Home timelines precomputed on write (issue 13, docs/decisions/011-home-timelines.md). Creates
 * the timeline tables and fills them for the rows already there: each viewer's newest posts of
 * their own and of the people they follow, all posts tied with the last one kept, and a horizon
 * where that cut something off.
 */
export function homeTimelines(kind: DialectKind) {
  const ref = kind === 'postgres' ? 'bigint' : 'integer';
  const ts = kind === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await sql`create table home_timeline (
        viewer_id ${sql.raw(ref)} not null references users(id) on delete cascade,
        post_id ${sql.raw(ref)} not null references posts(id) on delete cascade,
        created_at ${sql.raw(ts)} not null,
        primary key (viewer_id, post_id))`.execute(db);
      await sql`create index home_timeline_viewer_created_at on home_timeline (viewer_id, created_at)`.execute(db);
      await sql`create index home_timeline_post on home_timeline (post_id)`.execute(db);
      await sql`create table home_timeline_horizons (
        viewer_id ${sql.raw(ref)} primary key references users(id) on delete cascade,
        horizon ${sql.raw(ts)} not null)`.execute(db);
      await sql`create table fanout_pending (
        post_id ${sql.raw(ref)} primary key references posts(id) on delete cascade)`.execute(db);
      await sql`create table merged_authors (
        author_id ${sql.raw(ref)} primary key references users(id) on delete cascade)`.execute(db);
      await fillHomeTimelines(db, backfillLength);
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['merged_authors', 'fanout_pending', 'home_timeline_horizons', 'home_timeline']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}

/**
 * Fills empty timelines from the follows and posts already stored: also used after loading rows
 * straight into the database (the demo seed, the bench's networks).
 */
export async function fillHomeTimelines(db: QueryExecutorProvider, length: number) {
  await sql`insert into home_timeline (viewer_id, post_id, created_at)
    select viewer_id, post_id, created_at from (
      select a.viewer_id, p.id as post_id, p.created_at,
        rank() over (partition by a.viewer_id order by p.created_at desc) as n
      from (select follower_id as viewer_id, followee_id as author_id from follows
            union all select id, id from users) a
      join posts p on p.author_id = a.author_id
    ) ranked
    where n <= ${length}`.execute(db);
  await sql`insert into home_timeline_horizons (viewer_id, horizon)
    select viewer_id, min(created_at) from home_timeline group by viewer_id having count(*) >= ${length}`.execute(db);
}
