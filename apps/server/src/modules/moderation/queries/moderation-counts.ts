import { sql, type Transaction } from 'kysely';
import type { DatabaseSchema, Key } from '../../../db/schema';

type Trx = Transaction<DatabaseSchema>;

/**
 * The stored counters count only what the visibility rule lets anyone see (decision 046): a post's
 * author's post_count leaves out removed posts; a post's like_count and comment_count leave out the
 * likes and comments of suspended people (and removed comments); follower_count and following_count
 * leave out follows to and from suspended people. Each moderation step moves them here, in its own
 * transaction, and only when the row really changed state (a second removal or suspension moves
 * nothing), so a read never counts.
 */

/**
 * `delta` when the person `userId` is not suspended, else 0: what a like, comment or follow adds to
 * (or takes from) a counter. Read in the writing statement, so that on PostgreSQL a request of a
 * person suspended while it was in flight counts nothing once the suspension has committed (the
 * suspension locks their row first, so it waits for a write already under way, which it then counts).
 */
export function ifNotSuspended(userId: Key, delta: number) {
  return sql<number>`case when exists (select 1 from users lv where lv.id = ${userId} and lv.suspended_at is not null)
    then 0 else ${sql.lit(delta)} end`;
}

/**
 * Locks a person's row before their suspension changes (PostgreSQL): a like, follow or comment of
 * theirs holds a KEY SHARE lock on it from its insert, so this waits for one under way and keeps a new
 * one from inserting until the counters have moved (as an account's erasure does).
 */
export async function lockPerson(trx: Trx, postgres: boolean, userId: Key): Promise<void> {
  if (postgres) await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** Marks a post removed; its author's post_count drops by one, unless it was removed already. */
export async function removePostCounted(trx: Trx, postId: Key, at: string): Promise<void> {
  const removed = await trx
    .updateTable('posts')
    .set({ removed_at: at })
    .where('id', '=', postId)
    .where('removed_at', 'is', null)
    .returning('author_id')
    .executeTakeFirst();
  if (!removed) return;
  await trx
    .updateTable('users')
    .set((eb) => ({ post_count: eb('post_count', '-', 1) }))
    .where('id', '=', removed.author_id)
    .execute();
}

/**
 * Marks a comment removed; its post's comment_count drops by one, unless it was removed already or
 * its author is suspended (then it was not counted). Replies stay (and stay counted): the rule
 * hides a removed comment only, not its thread.
 */
export async function removeCommentCounted(trx: Trx, commentId: Key, at: string): Promise<void> {
  const removed = await trx
    .updateTable('comments')
    .set({ removed_at: at })
    .where('id', '=', commentId)
    .where('removed_at', 'is', null)
    .returning(['post_id', 'author_id'])
    .executeTakeFirst();
  if (!removed) return;
  await shiftCommentCount(trx, removed, '-');
}

/** A post's comment_count moved by one for a comment of `author_id`, unless they are suspended (then it was not counted). */
async function shiftCommentCount(trx: Trx, comment: { post_id: Key; author_id: Key }, sign: '+' | '-') {
  await trx
    .updateTable('posts')
    .set((eb) => ({ comment_count: eb('comment_count', sign, 1) }))
    .where('id', '=', comment.post_id)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('users')
            .select('users.id')
            .where('users.id', '=', comment.author_id)
            .where('suspended_at', 'is not', null),
        ),
      ),
    )
    .execute();
}

/**
 * A person's suspension (delta -1) or its end (+1): what they gave others stops or starts counting
 * again: the follower_count of those they follow, the following_count of those who follow them, the
 * like_count of the posts they like, the comment_count of the posts they commented on (comments not
 * removed). Their own counters are left as they are: their profile is hidden while suspended, and
 * they count what others give them. The caller changes `suspended_at` in the same transaction, only
 * from null to a time or back (a row that did not change state must not move anything).
 */
export async function shiftContributions(trx: Trx, postgres: boolean, userId: Key, delta: 1 | -1): Promise<void> {
  await shiftFollowCounts(trx, postgres, userId, delta);
  await trx
    .updateTable('posts')
    .set((eb) => ({ like_count: eb('like_count', '+', delta) }))
    .where('id', 'in', (eb) => eb.selectFrom('likes').select('post_id').where('user_id', '=', userId))
    .execute();
  await trx
    .updateTable('posts')
    .set({
      comment_count: sql<number>`comment_count + ${sql.lit(delta)} * (select count(*) from comments c
        where c.post_id = posts.id and c.author_id = ${userId} and c.removed_at is null)`,
    })
    .where('id', 'in', (eb) =>
      eb.selectFrom('comments').select('post_id').where('author_id', '=', userId).where('removed_at', 'is', null),
    )
    .execute();
}

/**
 * The people `userId` follows gain or lose a follower, those who follow them a followee (a suspension,
 * its end, an erasure). On PostgreSQL the rows are locked in id order first, the order a follow locks
 * its two users in (modules/social/queries/follows.ts), so that a follow between two of these people at the same
 * moment cannot deadlock with this. FOR NO KEY UPDATE, as the counter updates need: it does not stop the
 * KEY SHARE locks a like, comment or follow of theirs takes first (decision 068), which FOR UPDATE did,
 * deadlocking an erasure with its followers' comments.
 */
export async function shiftFollowCounts(trx: Trx, postgres: boolean, userId: Key, delta: 1 | -1): Promise<void> {
  const followees = trx.selectFrom('follows').select('followee_id').where('follower_id', '=', userId);
  const followers = trx.selectFrom('follows').select('follower_id').where('followee_id', '=', userId);
  if (postgres) {
    await trx
      .selectFrom('users')
      .select('id')
      .where((eb) => eb.or([eb('id', 'in', followees), eb('id', 'in', followers)]))
      .orderBy('id')
      .forNoKeyUpdate()
      .execute();
  }
  await trx
    .updateTable('users')
    .set((eb) => ({ follower_count: eb('follower_count', '+', delta) }))
    .where('id', 'in', followees)
    .execute();
  await trx
    .updateTable('users')
    .set((eb) => ({ following_count: eb('following_count', '+', delta) }))
    .where('id', 'in', followers)
    .execute();
}

/**
 * A removed post restored (the mirror of `removePostCounted`): its author's post_count rises by one,
 * only if it was still removed (two moderators restoring at once count it once). Answers the author,
 * or undefined when the post was not removed.
 */
export async function restorePostCounted(trx: Trx, postId: Key): Promise<Key | undefined> {
  const restored = await trx
    .updateTable('posts')
    .set({ removed_at: null })
    .where('id', '=', postId)
    .where('removed_at', 'is not', null)
    .returning('author_id')
    .executeTakeFirst();
  if (!restored) return undefined;
  await trx
    .updateTable('users')
    .set((eb) => ({ post_count: eb('post_count', '+', 1) }))
    .where('id', '=', restored.author_id)
    .execute();
  return restored.author_id;
}

/**
 * A removed comment restored (the mirror of `removeCommentCounted`): its post's comment_count rises by
 * one, unless its author is suspended (their comments count again when the suspension is lifted).
 * Answers the author, or undefined when the comment was not removed.
 */
export async function restoreCommentCounted(trx: Trx, commentId: Key): Promise<Key | undefined> {
  const restored = await trx
    .updateTable('comments')
    .set({ removed_at: null })
    .where('id', '=', commentId)
    .where('removed_at', 'is not', null)
    .returning(['post_id', 'author_id'])
    .executeTakeFirst();
  if (!restored) return undefined;
  await shiftCommentCount(trx, restored, '+');
  return restored.author_id;
}
