import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Key } from '../db/schema';
import { nowIso } from '../db/time';
import { lockPost } from './lock';
import { ifNotSuspended } from './moderation-counts';

/** 'liked' says whose post it was, for the notification. */
export type LikeOutcome = { postId: Key; authorId: Key } | 'no-post' | 'already-liked';

/**
 * SPEC §4: a like adds the user to likedBy, removes them from dislikedBy and raises likeCount by 1
 * (unless they were suspended while the request was on its way: decision 046).
 */
export function likePost(db: Db, postId: string, userId: Key): Promise<LikeOutcome> {
  return db.kysely.transaction().execute(async (trx) => {
    const post = await lockPost(trx, db.kind, postId);
    if (!post) return 'no-post';
    const at = nowIso();
    const inserted = await trx
      .insertInto('likes')
      .values({ post_id: post.id, user_id: userId, created_at: at })
      .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return 'already-liked';
    await trx.deleteFrom('dislikes').where('post_id', '=', post.id).where('user_id', '=', userId).execute();
    await trx
      .updateTable('posts')
      .set({ like_count: sql<number>`like_count + ${ifNotSuspended(userId, 1)}`, updated_at: at })
      .where('id', '=', post.id)
      .execute();
    return { postId: post.id, authorId: post.author_id };
  });
}

export type DislikeOutcome = 'disliked' | 'no-post' | 'below-zero' | 'already-disliked' | 'not-liked';

/**
 * SPEC §4's dislike (how a like is taken back), with the spec's two refusals first and then
 * Spotter's own: one cannot take back a like one never gave.
 */
export function dislikePost(db: Db, postId: string, userId: Key): Promise<DislikeOutcome> {
  return db.kysely.transaction().execute(async (trx) => {
    const post = await lockPost(trx, db.kind, postId);
    if (!post) return 'no-post';
    if (post.like_count <= 0) return 'below-zero';
    const disliked = await trx
      .selectFrom('dislikes')
      .select('user_id')
      .where('post_id', '=', post.id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (disliked) return 'already-disliked';
    const removed = await trx
      .deleteFrom('likes')
      .where('post_id', '=', post.id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) return 'not-liked';
    const at = nowIso();
    await trx.insertInto('dislikes').values({ post_id: post.id, user_id: userId, created_at: at }).execute();
    await trx
      .updateTable('posts')
      .set({ like_count: sql<number>`like_count + ${ifNotSuspended(userId, -1)}`, updated_at: at })
      .where('id', '=', post.id)
      .execute();
    return 'disliked';
  });
}
