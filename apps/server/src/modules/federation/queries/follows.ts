import type { Db } from '../../../db/database';
import type { Key } from '../../../db/schema';
import { nowIso } from '../../../db/time';

/** A remote person a local one may follow: where their server takes deliveries. */
export const remoteFollowee = (db: Db, publicId: string) =>
  db.kysely
    .selectFrom('users')
    .select(['id', 'actor_uri', 'inbox_url', 'shared_inbox_url'])
    .where('public_id', '=', publicId)
    .where('remote', '=', 1)
    .executeTakeFirst();

export const localPublicId = async (db: Db, userId: Key) =>
  (
    await db.kysely
      .selectFrom('users')
      .select('public_id')
      .where('id', '=', userId)
      .where('remote', '=', 0)
      .executeTakeFirst()
  )?.public_id;

/** The Follow sent for a follow (a second follow after an unfollow replaces the first's). */
export async function recordSentFollow(db: Db, followerId: Key, followeeId: Key, activityUri: string) {
  await db.kysely
    .insertInto('federation_follows')
    .values({ follower_id: followerId, followee_id: followeeId, activity_uri: activityUri, created_at: nowIso() })
    .onConflict((oc) =>
      oc
        .columns(['follower_id', 'followee_id'])
        .doUpdateSet({ activity_uri: activityUri, created_at: nowIso(), accepted_at: null }),
    )
    .execute();
}

export const sentFollowBetween = (db: Db, followerId: Key, followeeId: Key) =>
  db.kysely
    .selectFrom('federation_follows')
    .select(['activity_uri', 'accepted_at'])
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .executeTakeFirst();

/**
 * The Follow an Accept or Reject answers, only if its sender is the person followed: by the Follow's
 * id, or (a server that names the Follow differently) by its follower and the sender.
 */
export const sentFollowAnswered = (
  db: Db,
  senderActorUri: string,
  by: { activityUri: string } | { followerPublicId: string },
) => {
  let query = db.kysely
    .selectFrom('federation_follows')
    .innerJoin('users as followee', 'followee.id', 'federation_follows.followee_id')
    .innerJoin('users as follower', 'follower.id', 'federation_follows.follower_id')
    .select([
      'federation_follows.follower_id',
      'federation_follows.followee_id',
      'federation_follows.activity_uri',
      'followee.public_id as followee_public_id',
    ])
    .where('followee.actor_uri', '=', senderActorUri);
  query =
    'activityUri' in by
      ? query.where('federation_follows.activity_uri', '=', by.activityUri)
      : query.where('follower.public_id', '=', by.followerPublicId);
  return query.executeTakeFirst();
};

export async function markFollowAccepted(db: Db, activityUri: string) {
  await db.kysely
    .updateTable('federation_follows')
    .set({ accepted_at: nowIso() })
    .where('activity_uri', '=', activityUri)
    .where('accepted_at', 'is', null)
    .execute();
}

/** Only that Follow's row: a follow made again meanwhile has its own. */
export async function forgetSentFollow(db: Db, activityUri: string) {
  await db.kysely.deleteFrom('federation_follows').where('activity_uri', '=', activityUri).execute();
}
