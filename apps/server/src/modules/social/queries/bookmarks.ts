import type { Db } from '../../../db/database';
import type { Key } from '../../../db/schema';
import { nowIso } from '../../../db/time';
import { lockPeople } from '../../accounts';
import { postVisibleTo } from '../../safety';

/** The public ids of a user's bookmarked posts they may still see, oldest bookmark first. */
export async function bookmarkIds(db: Db, userId: Key): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('bookmarks')
    .innerJoin('posts', 'posts.id', 'bookmarks.post_id')
    .select('posts.public_id')
    .where('bookmarks.user_id', '=', userId)
    .where(postVisibleTo(userId))
    .orderBy('bookmarks.created_at')
    .orderBy('posts.public_id')
    .execute();
  return rows.map((r) => r.public_id);
}

export type BookmarkOutcome = 'bookmarked' | 'no-post' | 'no-actor' | 'already-bookmarked';

/** The (user, post) primary key makes a second bookmark impossible, however many arrive at once. */
export function addBookmark(db: Db, userId: Key, postId: string): Promise<BookmarkOutcome> {
  return db.kysely.transaction().execute(async (trx) => {
    // The person first (decision 068): one erased while the request was on its way is told apart.
    if (!(await lockPeople(db, trx, [userId])).has(userId)) return 'no-actor';
    const post = await trx.selectFrom('posts').select('id').where('public_id', '=', postId).executeTakeFirst();
    if (!post) return 'no-post';
    const at = nowIso();
    const inserted = await trx
      .insertInto('bookmarks')
      .values({ user_id: userId, post_id: post.id, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'post_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return 'already-bookmarked';
    await trx.updateTable('users').set({ updated_at: at }).where('id', '=', userId).execute();
    return 'bookmarked';
  });
}

export type RemoveBookmarkOutcome = 'removed' | 'no-post' | 'not-bookmarked';

export function removeBookmark(db: Db, userId: Key, postId: string): Promise<RemoveBookmarkOutcome> {
  return db.kysely.transaction().execute(async (trx) => {
    const post = await trx.selectFrom('posts').select('id').where('public_id', '=', postId).executeTakeFirst();
    if (!post) return 'no-post';
    const removed = await trx
      .deleteFrom('bookmarks')
      .where('user_id', '=', userId)
      .where('post_id', '=', post.id)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) return 'not-bookmarked';
    await trx.updateTable('users').set({ updated_at: nowIso() }).where('id', '=', userId).execute();
    return 'removed';
  });
}
