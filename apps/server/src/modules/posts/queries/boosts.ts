import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import type { Key } from '../../../db/schema';

/**
 * Boosts (a remote person's `Announce`, issue 49; decision 100): the `boosts` row, and the entry in
 * each of the booster's local followers' Home timelines, at the boost's time and naming the booster.
 * One entry per viewer and post: a newer boost of a post already there (as its author's, or boosted
 * by someone else) moves it up and names the newer booster; an older one changes nothing.
 */
export interface Boost {
  boosterId: Key;
  postId: Key;
  activityUri: string;
  createdAt: string;
}

/** The time as a value both engines store in a timestamp column from a SELECT. */
const timeValue = (db: Db, iso: string) =>
  sql`cast(${iso} as ${sql.raw(db.kind === 'postgres' ? 'timestamptz' : 'text')})`;

/** Keeps a boost and puts it in the booster's followers' timelines. Idempotent. */
export async function addBoost(db: Db, boost: Boost) {
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto('boosts')
      .values({
        booster_id: boost.boosterId,
        post_id: boost.postId,
        activity_uri: boost.activityUri,
        created_at: boost.createdAt,
      })
      .onConflict((oc) =>
        oc.columns(['booster_id', 'post_id']).doUpdateSet((eb) => ({
          activity_uri: eb.ref('excluded.activity_uri'),
          created_at: eb.ref('excluded.created_at'),
        })),
      )
      .execute();
    await sql`insert into home_timeline (viewer_id, post_id, created_at, boosted_by)
      select f.follower_id, cast(${boost.postId} as bigint), ${timeValue(db, boost.createdAt)}, cast(${boost.boosterId} as bigint)
      from follows f join users v on v.id = f.follower_id
      where f.followee_id = ${boost.boosterId} and v.remote = 0
      on conflict (viewer_id, post_id) do update set created_at = excluded.created_at, boosted_by = excluded.boosted_by
      where excluded.created_at > home_timeline.created_at`.execute(trx);
  });
}

/**
 * Takes a boost back (its Undo, by the booster alone). The entries it made go back to what the
 * viewer would otherwise have: the newest other boost by someone they follow, else the post as
 * its author's when they follow the author, else nothing. Answers whether there was such a boost.
 */
export async function removeBoost(db: Db, activityUri: string, boosterId: Key): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('boosts')
      .where('activity_uri', '=', activityUri)
      .where('booster_id', '=', boosterId)
      .returning('post_id')
      .executeTakeFirst();
    if (!gone) return false;
    const postId = gone.post_id;
    const viewers = sql`select h.viewer_id from home_timeline h where h.post_id = ${postId} and h.boosted_by = ${boosterId}`;
    const affected = (await sql<{ viewer_id: Key }>`${viewers}`.execute(trx)).rows.map((r) => r.viewer_id);
    if (affected.length === 0) return true;
    const inAffected = sql`(${sql.join(affected)})`;
    await sql`delete from home_timeline where post_id = ${postId} and boosted_by = ${boosterId}`.execute(trx);
    await sql`insert into home_timeline (viewer_id, post_id, created_at)
      select f.follower_id, p.id, p.created_at from posts p join follows f on f.followee_id = p.author_id
      where p.id = ${postId} and p.visibility <> 'private' and f.follower_id in ${inAffected}
      on conflict do nothing`.execute(trx);
    // The author's own timeline holds their post too (a local author who follows the booster).
    await sql`insert into home_timeline (viewer_id, post_id, created_at)
      select p.author_id, p.id, p.created_at from posts p where p.id = ${postId} and p.author_id in ${inAffected}
      on conflict do nothing`.execute(trx);
    await sql`insert into home_timeline (viewer_id, post_id, created_at, boosted_by)
      select f.follower_id, b.post_id, b.created_at, b.booster_id from boosts b join follows f on f.followee_id = b.booster_id
      where b.post_id = ${postId} and f.follower_id in ${inAffected}
      on conflict (viewer_id, post_id) do update set created_at = excluded.created_at, boosted_by = excluded.boosted_by
      where excluded.created_at > home_timeline.created_at`.execute(trx);
    return true;
  });
}
