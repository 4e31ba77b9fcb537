import { type Kysely, sql, type Transaction } from 'kysely';
import type { HomeTimelineConfig } from '../../../config';
import type { Db } from '../../../db/database';
import type { DatabaseSchema, Key } from '../../../db/schema';

/**
 * Writes of the precomputed home timelines (docs/decisions/011-home-timelines.md). Every function
 * here is idempotent: a job run twice, or a row already there, changes nothing.
 */

type Writer = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/** HOME_TIMELINE_LENGTH's default. */
export const defaultTimelineLength = 400;

/** Trimming every viewer on every post would double the work of a fan-out: it happens on one post in this many. */
export const trimEvery = 16;

/** In the same transaction as the post: in its author's own feed at once, and pending fan-out. */
export async function addOwnPost(trx: Writer, authorId: Key, postId: Key, createdAt: string) {
  await trx
    .insertInto('home_timeline')
    .values({ viewer_id: authorId, post_id: postId, created_at: createdAt })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await trx
    .insertInto('fanout_pending')
    .values({ post_id: postId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** A post made visible beyond its author again (it was private): its fan-out runs once more (idempotent). */
export async function requeueFanout(trx: Writer, postId: Key) {
  await trx
    .insertInto('fanout_pending')
    .values({ post_id: postId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Raises viewers' horizons to the given times (never lowers one). */
function raiseHorizons(trx: Writer, cuts: ReturnType<typeof sql>) {
  return sql`insert into home_timeline_horizons (viewer_id, horizon)
    select viewer_id, cut from (${cuts}) c where cut is not null
    on conflict (viewer_id) do update set horizon = case
      when excluded.horizon > home_timeline_horizons.horizon then excluded.horizon
      else home_timeline_horizons.horizon end`.execute(trx);
}

/** The given viewers' timelines cut to their newest `length` posts (ties with the last kept), horizons raised. */
async function trim(trx: Writer, viewers: ReturnType<typeof sql>, length: number) {
  await raiseHorizons(
    trx,
    sql`select v.viewer_id, (select h.created_at from home_timeline h where h.viewer_id = v.viewer_id
      order by h.created_at desc limit 1 offset ${length - 1}) as cut from (${viewers}) v`,
  );
  await sql`delete from home_timeline where viewer_id in (${viewers})
    and created_at < (select s.horizon from home_timeline_horizons s where s.viewer_id = home_timeline.viewer_id)`.execute(
    trx,
  );
}

/**
 * Fans a post out to its author's followers (or, for an author above the limit, marks them as
 * merged at read time), then drops it from the pending list. A post deleted meanwhile is nothing to do.
 * A private post reaches no one but its author (whose row addOwnPost wrote); every read applies the
 * visibility rule again (modules/safety/queries/visibility.ts), so a later change of visibility or a block holds at once.
 * Answers whether it went into followers' timelines (not: gone, or an author merged at read time).
 */
export async function fanOutPost(db: Db, postId: Key, config: HomeTimelineConfig): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const post = await trx
      .selectFrom('posts')
      .innerJoin('users', 'users.id', 'posts.author_id')
      .select(['posts.author_id', 'users.follower_count'])
      .where('posts.id', '=', postId)
      .executeTakeFirst();
    if (!post) return false;
    const merged = post.follower_count > config.fanoutFollowerLimit;
    if (merged) {
      await trx
        .insertInto('merged_authors')
        .values({ author_id: post.author_id })
        .onConflict((oc) => oc.doNothing())
        .execute();
    } else {
      await sql`insert into home_timeline (viewer_id, post_id, created_at)
        select f.follower_id, p.id, p.created_at from posts p
        join follows f on f.followee_id = p.author_id
        where p.id = ${postId} and p.visibility <> 'private'
        on conflict do nothing`.execute(trx);
      if (postId % trimEvery === 0) {
        const viewers = sql`select follower_id as viewer_id from follows where followee_id = ${post.author_id}
          union select cast(${post.author_id} as bigint)`;
        await trim(trx, viewers, config.length);
      }
    }
    await trx.deleteFrom('fanout_pending').where('post_id', '=', postId).execute();
    return !merged;
  });
}

/**
 * A new follow: the followee's newest `length` posts (ties with the last included) go into the
 * follower's timeline, whose horizon rises to the oldest of them when older ones were left out.
 * An author merged at read time needs nothing.
 */
export async function backfillFollow(trx: Transaction<DatabaseSchema>, viewerId: Key, authorId: Key, length: number) {
  const merged = await trx
    .selectFrom('merged_authors')
    .select('author_id')
    .where('author_id', '=', authorId)
    .executeTakeFirst();
  if (merged) return;
  const cut = sql`(select q.created_at from posts q where q.author_id = ${authorId}
    order by q.created_at desc limit 1 offset ${length - 1})`;
  await sql`insert into home_timeline (viewer_id, post_id, created_at)
    select cast(${viewerId} as bigint), p.id, p.created_at from posts p
    where p.author_id = ${authorId} and p.visibility <> 'private' and (${cut} is null or p.created_at >= ${cut})
    on conflict do nothing`.execute(trx);
  await raiseHorizons(trx, sql`select cast(${viewerId} as bigint) as viewer_id, ${cut} as cut`);
}

/**
 * An unfollow: the followee's posts leave the follower's timeline (read through the timeline,
 * bounded), and so do the followee's boosts (decision 100), except a post the viewer still has as its
 * author's (their own, or a followed author's), which goes back to its own time.
 */
export async function pruneUnfollow(trx: Transaction<DatabaseSchema>, viewerId: Key, authorId: Key) {
  await sql`delete from home_timeline where viewer_id = ${viewerId} and post_id in (
    select h.post_id from home_timeline h join posts p on p.id = h.post_id
    where h.viewer_id = ${viewerId} and p.author_id = ${authorId})`.execute(trx);
  const stillFollowed = sql`(p.author_id = ${viewerId} or exists (select 1 from follows f
    where f.follower_id = ${viewerId} and f.followee_id = p.author_id))`;
  await sql`update home_timeline set boosted_by = null,
    created_at = (select p.created_at from posts p where p.id = home_timeline.post_id)
    where viewer_id = ${viewerId} and boosted_by = ${authorId}
    and exists (select 1 from posts p where p.id = home_timeline.post_id and ${stillFollowed})`.execute(trx);
  await sql`delete from home_timeline where viewer_id = ${viewerId} and boosted_by = ${authorId}`.execute(trx);
}

/** Posts still waiting for their fan-out (after a restart), oldest first. */
export async function pendingFanouts(db: Db, max: number): Promise<Key[]> {
  const rows = await db.kysely.selectFrom('fanout_pending').select('post_id').orderBy('post_id').limit(max).execute();
  return rows.map((r) => Number(r.post_id));
}
