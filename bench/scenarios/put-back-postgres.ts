import { sql } from 'kysely';
import { type Db, openDatabase } from '../../apps/server/src/db/database';
import { deletePost } from '../../apps/server/src/modules/posts/queries/posts';
import { followUser, unfollowUser } from '../../apps/server/src/modules/social/queries/follows';
import { dislikePost } from '../../apps/server/src/modules/social/queries/likes';
import { likerPool, Network, type NetworkSize, userId, userKey } from '../generate/network';
import { mixedPostPrefix } from './pages';

/** What `putBackPostgres` undid. */
export interface PutBack {
  likes: number;
  posts: number;
  unfollowed: number;
  followed: number;
}

/**
 * Puts the PostgreSQL network back as generated after a run, whose database the next run reuses
 * (a SQLite run starts from a fresh copy): everything goes through the server's own calls, so counts,
 * timelines and notifications follow. The scenarios that write are those of the people who like
 * nothing in the generated network (people 0-99): the like + unlike and mixed scenarios' likes, and
 * the mixed scenario's posts and follows. A run that found them there was refused what it replayed
 * (docs/performance-log.md, "Last full run": the runs of 2026-11-28).
 */
export async function putBackPostgres(url: string, size: NetworkSize): Promise<PutBack> {
  const db = openDatabase({ kind: 'postgres', url });
  try {
    const likes = await takeBackLikes(db);
    const posts = await deleteMixedPosts(db);
    return { likes, posts, ...(await restoreFollows(db, size)) };
  } finally {
    await db.close();
  }
}

/** The likers' likes, taken back through the server's dislike; then the dislikes that recorded. */
async function takeBackLikes(db: Db): Promise<number> {
  const left = await db.kysely
    .selectFrom('likes')
    .innerJoin('posts', 'posts.id', 'likes.post_id')
    .select(['posts.public_id', 'likes.user_id'])
    .where('likes.user_id', '<', userKey(likerPool))
    .execute();
  let undone = 0;
  for (const like of left) {
    if (typeof (await dislikePost(db, like.public_id, like.user_id)) === 'object') undone++;
  }
  await sql`delete from dislikes`.execute(db.kysely);
  return undone;
}

/** The mixed scenario's posts (they had stayed from run to run before 2026-11-28). */
async function deleteMixedPosts(db: Db): Promise<number> {
  const written = await db.kysely
    .selectFrom('posts')
    .select('id')
    .where('author_id', '<', userKey(likerPool))
    .where('content', 'like', `${mixedPostPrefix}%`)
    .execute();
  for (const post of written) await deletePost(db, post.id);
  return written.length;
}

/** The likers' follows as the generated network planned them. */
async function restoreFollows(db: Db, size: NetworkSize): Promise<{ followed: number; unfollowed: number }> {
  const network = new Network(size);
  let followed = 0;
  let unfollowed = 0;
  for (let u = 0; u < likerPool; u++) {
    const planned = new Set(Array.from(network.followees[u] ?? [], (v) => userKey(v)));
    const rows = await db.kysely
      .selectFrom('follows')
      .select('followee_id')
      .where('follower_id', '=', userKey(u))
      .execute();
    const actual = new Set(rows.map((r) => Number(r.followee_id)));
    for (const key of actual) {
      if (!planned.has(key) && typeof (await unfollowUser(db, userKey(u), userId(key - 1))) === 'object') unfollowed++;
    }
    for (const key of planned) {
      if (!actual.has(key) && (await followUser(db, userKey(u), userId(key - 1))) === 'followed') followed++;
    }
  }
  return { followed, unfollowed };
}
