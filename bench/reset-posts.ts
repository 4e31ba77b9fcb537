import { openDatabase } from '../apps/server/src/db/database';
import { deletePost } from '../apps/server/src/queries/posts';
import { likerPool, userKey } from './generate/network';
import { mixedPostPrefix } from './scenarios';

/**
 * Deletes the posts the mixed scenario wrote on PostgreSQL, whose database the next run reuses,
 * through the server's own delete (post counts, timelines, notifications with it): they were kept run
 * after run (628 after 2026-11-28's runs).
 */
export async function resetPostgresPosts(url: string): Promise<{ deleted: number }> {
  const db = openDatabase({ kind: 'postgres', url });
  let deleted = 0;
  try {
    const written = await db.kysely
      .selectFrom('posts')
      .select('id')
      .where('author_id', '<', userKey(likerPool))
      .where('content', 'like', `${mixedPostPrefix}%`)
      .execute();
    for (const post of written) {
      await deletePost(db, post.id);
      deleted++;
    }
  } finally {
    await db.close();
  }
  return { deleted };
}
