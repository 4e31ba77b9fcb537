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
