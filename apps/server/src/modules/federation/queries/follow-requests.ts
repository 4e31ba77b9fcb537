import type { Db } from '../../../db/database';
import type { Key } from '../../../db/schema';
import { nowIso, toApiTimestamp } from '../../../db/time';
import { summaryColumns, toUserSummary } from '../../accounts';

/** Holds a Follow of a locked person; a repeated Follow keeps the request and names the newer activity. */
export async function holdFollowRequest(db: Db, followerId: Key, followeeId: Key, activityUri: string) {
  await db.kysely
    .insertInto('follow_requests')
    .values({ follower_id: followerId, followee_id: followeeId, activity_uri: activityUri, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['followee_id', 'follower_id']).doUpdateSet({ activity_uri: activityUri }))
    .execute();
}

/** The requests waiting for a person, oldest first (a person has as many as remote people asked). */
export async function followRequestsOf(db: Db, followeeId: Key) {
  const rows = await db.kysely
    .selectFrom('follow_requests')
    .innerJoin('users', 'users.id', 'follow_requests.follower_id')
    .select([...summaryColumns, 'follow_requests.created_at as requested_at'])
    .where('follow_requests.followee_id', '=', followeeId)
    .orderBy('follow_requests.created_at')
    .limit(500)
    .execute();
  return rows.map((row) => ({ user: toUserSummary(row), requestedAt: toApiTimestamp(row.requested_at) }));
}

/** The request of one follower (by public id), with where to answer them. */
export const findFollowRequest = (db: Db, followeeId: Key, followerPublicId: string) =>
  db.kysely
    .selectFrom('follow_requests')
    .innerJoin('users', 'users.id', 'follow_requests.follower_id')
    .select([
      'users.id as follower_id',
      'users.actor_uri',
      'users.inbox_url',
      'users.shared_inbox_url',
      'follow_requests.activity_uri',
    ])
    .where('follow_requests.followee_id', '=', followeeId)
    .where('users.public_id', '=', followerPublicId)
    .executeTakeFirst();

export async function dropFollowRequest(db: Db, followerId: Key, followeeId: Key): Promise<boolean> {
  const deleted = await db.kysely
    .deleteFrom('follow_requests')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/** A local person's request of a remote locked one, waiting for their server's Accept (decision 106). */
export const ourRequestOf = (db: Db, followerId: Key, followeeId: Key) =>
  db.kysely
    .selectFrom('follow_requests')
    .select('activity_uri')
    .where('followee_id', '=', followeeId)
    .where('follower_id', '=', followerId)
    .executeTakeFirst();

/**
 * Our request an Accept or Reject answers, only if its sender is the person asked: by the Follow's id,
 * or (a server that names the Follow differently) by its follower and the sender.
 */
export const ourRequestAnswered = (
  db: Db,
  senderActorUri: string,
  by: { activityUri: string } | { followerPublicId: string },
) => {
  let query = db.kysely
    .selectFrom('follow_requests')
    .innerJoin('users as followee', 'followee.id', 'follow_requests.followee_id')
    .innerJoin('users as follower', 'follower.id', 'follow_requests.follower_id')
    .select([
      'follow_requests.follower_id',
      'follow_requests.followee_id',
      'follow_requests.activity_uri',
      'followee.public_id as followee_public_id',
    ])
    .where('followee.actor_uri', '=', senderActorUri)
    .where('followee.remote', '=', 1);
  query =
    'activityUri' in by
      ? query.where('follow_requests.activity_uri', '=', by.activityUri)
      : query.where('follower.public_id', '=', by.followerPublicId);
  return query.executeTakeFirst();
};
