import { openDatabase } from '../apps/server/src/db/database';
import { followUser, unfollowUser } from '../apps/server/src/queries/follows';
import { likerPool, Network, type NetworkSize, userId, userKey } from './generate/network';

/**
 * Puts the follows of the people who like nothing (the mixed scenario's followers) back as the
 * generated network planned them, through the server's own follow and unfollow (counters and home
 * timelines included): the mixed scenario follows and unfollows on PostgreSQL, whose database the next
 * run reuses, and a pair it left followed would have the next run's follow refused.
 */
export async function resetPostgresFollows(
  url: string,
  size: NetworkSize,
): Promise<{ followed: number; unfollowed: number }> {
  const network = new Network(size);
  const db = openDatabase({ kind: 'postgres', url });
  let followed = 0;
  let unfollowed = 0;
  try {
    for (let u = 0; u < likerPool; u++) {
      const planned = new Set(Array.from(network.followees[u] ?? [], (v) => userKey(v)));
      const rows = await db.kysely
        .selectFrom('follows')
        .select('followee_id')
        .where('follower_id', '=', userKey(u))
        .execute();
      const actual = new Set(rows.map((r) => Number(r.followee_id)));
      for (const key of actual) {
        if (!planned.has(key) && typeof (await unfollowUser(db, userKey(u), userId(key - 1))) === 'object')
          unfollowed++;
      }
      for (const key of planned) {
        if (!actual.has(key) && (await followUser(db, userKey(u), userId(key - 1))) === 'followed') followed++;
      }
    }
  } finally {
    await db.close();
  }
  return { followed, unfollowed };
}
