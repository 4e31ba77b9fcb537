import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Key } from '../db/schema';
import { cardRowsByIds } from './cards';
import {
  afterKeyset,
  afterOf,
  byTime,
  type Continues,
  continues,
  iso,
  type Page,
  type PageArgs,
  type PageRequest,
  pageArgs,
  toPage,
} from './feeds';
import { prepared } from './prepared';
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
  const picked = await timelineIdsQuery(db, continues(page), { viewer: viewerId, ...pageArgs(page) });
  const first = picked[0];
  const last = picked[picked.length - 1];
  if (!first || !last) return undefined;
  if (first.horizon !== null && (picked.length < rows || iso(last.created_at) < iso(first.horizon))) {
    return undefined;
  }
  const found = await cardRowsByIds(
    db,
    viewerId,
    picked.map((r) => Number(r.id)),
  );
  // Sorted here, not by the database: an ORDER BY on posts invites PostgreSQL to walk the posts by time.
  const order = new Map(picked.map((r, i) => [r.public_id, i]));
  found.sort((a, b) => (order.get(a.public_id) ?? 0) - (order.get(b.public_id) ?? 0));
  return toPage(db, found, page.limit, byTime);
}

type TimelineRow = { id: Key; created_at: Date | string; public_id: string; horizon: Date | string | null };

const timelineIdsQuery = prepared((_db: Db, args: PageArgs & { viewer: Key }, shape: Continues) => {
  const viewerId = args.viewer;
  const after = afterOf(args, shape);
  const rows = args.rows;
  // The visibility rule on each candidate row (a change of visibility, a block, a mute apply at once).
  const seen = (alias: string) => postVisibleTo(viewerId, { post: alias, mutes: true });
  const pastCursor = (alias: string) => (after ? sql`and ${afterKeyset(alias, 'newest', after)}` : sql``);
  const newest = sql`order by p.created_at desc, p.public_id desc limit ${rows}`;
  const timeline = sql`select h.post_id as id, h.created_at, p.public_id from home_timeline h
    join posts p on p.id = h.post_id
    where h.viewer_id = ${viewerId} ${after ? sql`and h.created_at <= ${after.t}` : sql``} ${pastCursor('p')} and ${seen('p')}
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
    ) x where ${followed('x.author_id')} ${pastCursor('x')} and ${seen('x')}`;
  const merged = sql`select p.id, p.created_at, p.public_id from posts p
    where p.author_id in (select m.author_id from merged_authors m where ${followed('m.author_id')})
    ${pastCursor('p')} and ${seen('p')} ${newest}`;
  return sql<TimelineRow>`
    select u.id, u.created_at, u.public_id,
      (select s.horizon from home_timeline_horizons s where s.viewer_id = ${viewerId}) as horizon
    from (select * from (${timeline}) a union select * from (${pending}) b union select * from (${merged}) c) u
    order by u.created_at desc, u.public_id desc limit ${rows}`;
});
