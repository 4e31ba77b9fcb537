import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database';
import { dislikePost } from '../apps/server/src/queries/likes';
import { likerPool, userKey } from './generate/network';

/**
 * Takes back the likes the scenarios left on PostgreSQL, whose database the next run reuses: those of
 * the people who like nothing in the generated network (the like + unlike and mixed scenarios'
 * likers), through the server's own dislike (counts and notifications included), then the dislikes
 * that records. The mixed scenario replays the same seeded likes each run: a like left by the last
 * run was refused as already liked (141 answers of 2026-11-28's 18:46 run).
 */
export async function resetPostgresLikes(url: string): Promise<{ undone: number }> {
  const db = openDatabase({ kind: 'postgres', url });
  let undone = 0;
  try {
    const left = await db.kysely
      .selectFrom('likes')
      .innerJoin('posts', 'posts.id', 'likes.post_id')
      .select(['posts.public_id', 'likes.user_id'])
      .where('likes.user_id', '<', userKey(likerPool))
      .execute();
    for (const like of left) {
      if (typeof (await dislikePost(db, like.public_id, like.user_id)) === 'object') undone++;
    }
    await sql`delete from dislikes`.execute(db.kysely);
  } finally {
    await db.close();
  }
  return { undone };
}
