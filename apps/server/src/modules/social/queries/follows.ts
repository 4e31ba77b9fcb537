import { sql, type Transaction } from 'kysely';
import type { Db } from '../../../db/database';
import type { DatabaseSchema, Key } from '../../../db/schema';
import { nowIso } from '../../../db/time';
import { lockPeople } from '../../accounts';
import { ifNotSuspended } from '../../moderation';
import { retractNotification } from '../../notifications';
import { backfillFollow, defaultTimelineLength, pruneUnfollow } from '../../posts';

/**
 * Moves both counters and updatedAt. The two rows are updated in id order, so that A following B
 * while B follows A cannot deadlock on PostgreSQL's row locks. A follow to or from a suspended
 * person is not counted on the other side (decision 046), so ending one (a block, an unfollow of
 * someone suspended since) does not lower that side's counter either.
 */
async function updateCounters(
  trx: Transaction<DatabaseSchema>,
  followerId: Key,
  followeeId: Key,
  delta: 1 | -1,
  at: string,
) {
  const sides = [
    { id: followerId, other: followeeId, column: 'following_count' as const },
    { id: followeeId, other: followerId, column: 'follower_count' as const },
  ].sort((a, b) => a.id - b.id);
  for (const side of sides) {
    await trx
      .updateTable('users')
      .set({
        [side.column]: sql<number>`${sql.ref(side.column)} + ${ifNotSuspended(side.other, delta)}`,
        updated_at: at,
      })
      .where('id', '=', side.id)
      .execute();
  }
}

export type FollowOutcome = 'followed' | 'no-user' | 'no-actor' | 'self' | 'already-following';

/**
 * One row per (follower, followee): both sides' lists read from it, so they always agree. The
 * followee comes by public id (from the URL), the follower by key (the signed-in user's row).
 * `then` runs in the same transaction once the follow is stored (the route records the followee's
 * notification there: one commit).
 */
export function followUser(
  db: Db,
  followerId: Key,
  followeePublicId: string,
  timelineLength = defaultTimelineLength,
  then?: (trx: Transaction<DatabaseSchema>, followeeId: Key) => Promise<void>,
): Promise<FollowOutcome> {
  return db.kysely.transaction().execute(async (trx) => {
    const target = await trx
      .selectFrom('users')
      .select('id')
      .where('public_id', '=', followeePublicId)
      .executeTakeFirst();
    if (!target) return 'no-user';
    const followeeId = target.id;
    if (followeeId === followerId) return 'self';
    // Both people locked first, as every write that names people (decision 068): either erased while
    // the request was on its way is told apart here, not by a foreign key's 500.
    const present = await lockPeople(db, trx, [followerId, followeeId]);
    if (!present.has(followerId)) return 'no-actor';
    if (!present.has(followeeId)) return 'no-user';
    const at = nowIso();
    const inserted = await trx
      .insertInto('follows')
      .values({ follower_id: followerId, followee_id: followeeId, created_at: at })
      .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return 'already-following';
    await updateCounters(trx, followerId, followeeId, +1, at);
    await backfillFollow(trx, followerId, followeeId, timelineLength);
    await then?.(trx, followeeId);
    return 'followed';
  });
}

/** Ended: `retractedFrom` is the followee whose follow entry lost the follower (undefined: none had them). */
export type UnfollowOutcome = { retractedFrom: Key | undefined } | 'no-user' | 'not-following';

export function unfollowUser(db: Db, followerId: Key, followeePublicId: string): Promise<UnfollowOutcome> {
  return db.kysely.transaction().execute(async (trx) => {
    const target = await trx
      .selectFrom('users')
      .select('id')
      .where('public_id', '=', followeePublicId)
      .executeTakeFirst();
    if (!target) return 'no-user';
    const ended = await removeFollow(db, trx, followerId, target.id);
    if (ended === 'none') return 'not-following';
    return { retractedFrom: ended === 'ended and retracted' ? target.id : undefined };
  });
}

/**
 * Ends a follow, if there is one: its row, both counters, the followee's posts in the follower's
 * timeline, and the follower in the followee's follow entries (notification-retraction.ts).
 */
export async function removeFollow(
  db: Db,
  trx: Transaction<DatabaseSchema>,
  followerId: Key,
  followeeId: Key,
): Promise<'none' | 'ended' | 'ended and retracted'> {
  const removed = await trx
    .deleteFrom('follows')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) return 'none';
  await updateCounters(trx, followerId, followeeId, -1, nowIso());
  await pruneUnfollow(trx, followerId, followeeId);
  const retracted = await retractNotification(db, trx, {
    recipientId: followeeId,
    actorId: followerId,
    type: 'follow',
  });
  return retracted ? 'ended and retracted' : 'ended';
}
