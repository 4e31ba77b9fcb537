import type { Profile } from '@spotter/contract';
import type { Db } from '../../../db/database';
import type { Key, UserRow } from '../../../db/schema';
import { toApiTimestamp } from '../../../db/time';
import { toUserSummary } from './users';

export async function isFollowing(db: Db, followerId: Key | undefined, followeeId: Key): Promise<boolean> {
  if (!followerId || followerId === followeeId) return false;
  const row = await db.kysely
    .selectFrom('follows')
    .select('followee_id')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .executeTakeFirst();
  return !!row;
}

async function mutes(db: Db, viewerId: Key | undefined, otherId: Key): Promise<boolean> {
  if (!viewerId || viewerId === otherId) return false;
  const row = await db.kysely
    .selectFrom('mutes')
    .select('muted_id')
    .where('muter_id', '=', viewerId)
    .where('muted_id', '=', otherId)
    .executeTakeFirst();
  return !!row;
}

/** A profile header from the user's row: its counters make it one row whatever the network's size. */
export async function toProfile(db: Db, row: UserRow, viewerId: Key | undefined): Promise<Profile> {
  return {
    ...toUserSummary(row),
    bio: row.bio,
    website: row.website,
    followerCount: row.follower_count,
    followingCount: row.following_count,
    postCount: row.post_count,
    followedByMe: await isFollowing(db, viewerId, row.id),
    ...((await mutes(db, viewerId, row.id)) ? { mutedByMe: true as const } : {}),
    // Only a moderator reaches a suspended person's row (decision 048): the marker is for them.
    ...(row.suspended_at !== null ? { suspendedAt: toApiTimestamp(row.suspended_at) } : {}),
    createdAt: toApiTimestamp(row.created_at),
    updatedAt: toApiTimestamp(row.updated_at),
  };
}
