import type { UserSummary } from '@spotter/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import type { Key } from '../../../db/schema';
import { userVisibleTo } from '../../safety';
import { summaryColumns, toUserSummary } from './users';

/**
 * People to follow: never oneself or someone already followed. First the people followed by those
 * the viewer follows (most shared first), then the most followed people of the network.
 */
export async function suggestUsers(db: Db, viewerId: Key, limit: number): Promise<UserSummary[]> {
  const notFollowed = sql<boolean>`users.id <> ${viewerId} and not exists (
    select 1 from follows mine where mine.follower_id = ${viewerId} and mine.followee_id = users.id)
    and ${userVisibleTo(viewerId)}`;

  const friendsOfFriends = await db.kysely
    .selectFrom('follows as mine')
    .innerJoin('follows as theirs', 'theirs.follower_id', 'mine.followee_id')
    .innerJoin('users', 'users.id', 'theirs.followee_id')
    .select(summaryColumns)
    .select((eb) => eb.fn.countAll<number>().as('shared'))
    .where('mine.follower_id', '=', viewerId)
    .where(notFollowed)
    .groupBy(summaryColumns)
    .orderBy('shared', 'desc')
    .orderBy('users.follower_count', 'desc')
    .orderBy('users.public_id')
    .limit(limit)
    .execute();
  if (friendsOfFriends.length >= limit) return friendsOfFriends.map(toUserSummary);

  const taken = friendsOfFriends.map((u) => u.id);
  const popular = await db.kysely
    .selectFrom('users')
    .select(summaryColumns)
    .where(notFollowed)
    .$if(taken.length > 0, (q) => q.where('users.id', 'not in', taken))
    .orderBy('users.follower_count', 'desc')
    .orderBy('users.username_key')
    .limit(limit - friendsOfFriends.length)
    .execute();
  return [...friendsOfFriends, ...popular].map(toUserSummary);
}
