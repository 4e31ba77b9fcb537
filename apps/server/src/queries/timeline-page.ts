import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Key } from '../db/schema';
import { cardQuery } from './cards';
import { afterKeyset, byTime, iso, type Page, type PageRequest, toPage } from './feeds';
import { postVisibleTo } from './visibility';

/**
 * A home page, newest first, from the precomputed timeline (docs/decisions/011-home-timelines.md),
 * merged with the two kinds of posts it does not hold: those still waiting for their fan-out, and
 * those of followed authors above the fan-out limit. The page's ids and the viewer's horizon come
 * from one statement (one snapshot: a trim between two reads cannot hide rows); the cards follow.
 * Undefined when the answer cannot be trusted: the page reaches below the viewer's horizon (older
 * rows were trimmed or never backfilled), or is empty; then the caller reads the slow way.
 */
export async function timelinePage(db: Db, viewerId: Key, page: PageRequest): Promise<Page | undefined> {
  const rows = page.limit + 1;
  const { after } = page;
  // The visibility rule on each candidate row (a change of visibility, a block, a mute apply at once).
  const seen = (alias: string) => postVisibleTo(viewerId, { post: alias, mutes: true });
  const continues = (alias: string) => (after ? sql`and ${afterKeyset(alias, 'newest', after)}` : sql``);
  const newest = sql`order by p.created_at desc, p.public_id desc limit ${rows}`;
  const timeline = sql`select h.post_id as id, h.created_at, p.public_id from home_timeline h
    join posts p on p.id = h.post_id
    where h.viewer_id = ${viewerId} ${after ? sql`and h.created_at <= ${after.t}` : sql``} ${continues('p')} and ${seen('p')}
    and not exists (select 1 from home_timeline_horizons s where s.viewer_id = ${viewerId} and s.horizon > h.created_at)
    order by h.created_at desc, p.public_id desc limit ${rows}`;
  // Both driven from their own small tables (pending jobs, merged authors), never from the follows.
  const followed = (author: string) =>
    sql`exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = ${sql.ref(author)})`;
  // Each pending row looks its post up by key (scalar subqueries: both engines then start from the
  // few pending rows, never from a walk of the posts). No order or limit: the outer query sorts.
  const column = (name: string) => sql`(select p.${sql.raw(name)} from posts p where p.id = q.post_id)`;
  const pending = sql`select x.id, x.created_at, x.public_id from (
      select q.post_id as id, ${column('created_at')} as created_at, ${column('public_id')} as public_id,
        ${column('author_id')} as author_id, ${column('visibility')} as visibility,
        ${column('removed_at')} as removed_at from fanout_pending q
    ) x where ${followed('x.author_id')} ${continues('x')} and ${seen('x')}`;
  const merged = sql`select p.id, p.created_at, p.public_id from posts p
    where p.author_id in (select m.author_id from merged_authors m where ${followed('m.author_id')})
    ${continues('p')} and ${seen('p')} ${newest}`;
  const picked = await sql<{ id: Key; created_at: Date | string; public_id: string; horizon: Date | string | null }>`
    select u.id, u.created_at, u.public_id,
      (select s.horizon from home_timeline_horizons s where s.viewer_id = ${viewerId}) as horizon
    from (select * from (${timeline}) a union select * from (${pending}) b union select * from (${merged}) c) u
    order by u.created_at desc, u.public_id desc limit ${rows}`.execute(db.kysely);
  const first = picked.rows[0];
  const last = picked.rows[picked.rows.length - 1];
  if (!first || !last) return undefined;
  if (first.horizon !== null && (picked.rows.length < rows || iso(last.created_at) < iso(first.horizon))) {
    return undefined;
  }
  const found = await cardQuery(db, viewerId)
    .where(
      'posts.id',
      'in',
      picked.rows.map((r) => Number(r.id)),
    )
    .execute();
  // Sorted here, not by the database: an ORDER BY on posts invites PostgreSQL to walk the posts by time.
  const order = new Map(picked.rows.map((r, i) => [r.public_id, i]));
  found.sort((a, b) => (order.get(a.public_id) ?? 0) - (order.get(b.public_id) ?? 0));
  return toPage(found, page.limit, byTime);
}
