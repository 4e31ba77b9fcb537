import type { Profile } from '@spotter/contract';
import { sql } from 'kysely';
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

/**
 * Whether the viewer's follow request of a locked remote person waits for their server's Accept
 * (decision 106). Only remote people are asked: a local profile costs no query.
 */
async function followRequested(db: Db, viewerId: Key | undefined, other: UserRow): Promise<boolean> {
  if (!viewerId || viewerId === other.id || other.remote !== 1) return false;
  const row = await db.kysely
    .selectFrom('follow_requests')
    .select('follower_id')
    .where('followee_id', '=', other.id)
    .where('follower_id', '=', viewerId)
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

/**
 * How many of the person's posts `post_count` counts (not removed) the viewer may not see (issue 45,
 * finding 15): for anyone but the person, their private posts, and their followers-only posts for
 * someone who does not follow them. Counted from the partial index posts_author_not_public (migration
 * 088), which holds only the live posts that are not public: a person's public posts, however many,
 * are not read. The SQL names 'public' as a literal so that both engines match the index's WHERE.
 */
async function hiddenPostCount(db: Db, authorId: Key, following: boolean): Promise<number> {
  const row = await sql<{ n: number | string }>`select count(*) as n from posts
    where posts.author_id = ${authorId} and posts.visibility <> 'public' and posts.removed_at is null
    ${following ? sql`and posts.visibility = 'private'` : sql``}`.execute(db.kysely);
  return Number(row.rows[0]?.n ?? 0);
}

/**
 * A profile header from the user's row: its counters make it one row whatever the network's size.
 * Its post count is what the viewer can see (the stored count less `hiddenPostCount`).
 */
export async function toProfile(db: Db, row: UserRow, viewerId: Key | undefined): Promise<Profile> {
  const followedByMe = await isFollowing(db, viewerId, row.id);
  const hidden = viewerId === row.id ? 0 : await hiddenPostCount(db, row.id, followedByMe);
  return {
    ...toUserSummary(row),
    bio: row.bio,
    website: row.website,
    followerCount: row.follower_count,
    followingCount: row.following_count,
    postCount: Math.max(0, row.post_count - hidden),
    followedByMe,
    ...(!followedByMe && (await followRequested(db, viewerId, row)) ? { followRequested: true as const } : {}),
    ...((await mutes(db, viewerId, row.id)) ? { mutedByMe: true as const } : {}),
    // Only a moderator reaches a suspended person's row (decision 048): the marker is for them.
    ...(row.suspended_at !== null ? { suspendedAt: toApiTimestamp(row.suspended_at) } : {}),
    createdAt: toApiTimestamp(row.created_at),
    updatedAt: toApiTimestamp(row.updated_at),
  };
}
