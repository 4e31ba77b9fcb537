import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Key } from '../db/schema';
import { cardQuery } from './cards';
import { afterKeyset, byTime, iso, type Page, type PageRequest, toPage } from './feeds';

/**
 * A home page, newest first, from the precomputed timeline (docs/decisions/011-home-timelines.md),
 * merged with the two kinds of posts it does not hold: those still waiting for their fan-out, and
 * those of followed authors above the fan-out limit. One statement, so the timeline and its horizon
 * are read in one snapshot. Undefined when the answer cannot be trusted: the page reaches below the
 * viewer's horizon (older rows were trimmed or never backfilled), or is empty; then the caller reads
 * the slow way.
 */
export async function timelinePage(db: Db, viewerId: Key, page: PageRequest): Promise<Page | undefined> {
  const rows = page.limit + 1;
  const { after } = page;
  const continues = (alias: string) => (after ? sql`and ${afterKeyset(alias, 'newest', after)}` : sql``);
  const newest = sql`order by p.created_at desc, p.public_id desc limit ${rows}`;
  const timeline = sql`select h.post_id as id, h.created_at, p.public_id from home_timeline h
    join posts p on p.id = h.post_id
    where h.viewer_id = ${viewerId} ${after ? sql`and h.created_at <= ${after.t}` : sql``} ${continues('p')}
    and not exists (select 1 from home_timeline_horizons s where s.viewer_id = ${viewerId} and s.horizon > h.created_at)
    order by h.created_at desc, p.public_id desc limit ${rows}`;
  // Both driven from their own small tables (pending jobs, merged authors), never from the follows.
  const followed = (author: string) =>
    sql`exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = ${sql.ref(author)})`;
  // CROSS JOIN: SQLite keeps the tables in the order written (and PostgreSQL reads it as a join).
  const pending = sql`select p.id, p.created_at, p.public_id from fanout_pending q cross join posts p
    where p.id = q.post_id and ${followed('p.author_id')} ${continues('p')} ${newest}`;
  const merged = sql`select p.id, p.created_at, p.public_id from posts p
    where p.author_id in (select m.author_id from merged_authors m where ${followed('m.author_id')})
    ${continues('p')} ${newest}`;
  const ids = sql`select u.id from (
      select * from (${timeline}) a union select * from (${pending}) b union select * from (${merged}) c
    ) u order by u.created_at desc, u.public_id desc limit ${rows}`;
  const found = await cardQuery(db, viewerId)
    .select(
      sql<string | Date | null>`(select s.horizon from home_timeline_horizons s where s.viewer_id = ${viewerId})`.as(
        'horizon',
      ),
    )
    .where(sql<boolean>`posts.id in (${ids})`)
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.public_id', 'desc')
    .execute();
  const first = found[0];
  const last = found[found.length - 1];
  if (!first || !last) return undefined;
  if (first.horizon !== null && (found.length < rows || iso(last.created_at) < iso(first.horizon))) return undefined;
  return toPage(found, page.limit, byTime);
}
