import { sql, type Transaction } from 'kysely';
import type { Db } from '../../../db/database';
import { prepared } from '../../../db/prepared';
import type { DatabaseSchema, Key } from '../../../db/schema';
import { nowIso } from '../../../db/time';
import { lockPeople } from '../../accounts';
import { ifNotSuspended } from '../../moderation';
import { recordActionIn, retractNotification } from '../../notifications';
import { lockVisiblePost } from '../../posts';

/**
 * 'liked' says whose post it was and the author's notification entry (undefined when none was
 * recorded: one's own post, a block or mute; `notificationError` when recording it failed).
 */
export type LikeOutcome =
  | { postId: Key; authorId: Key; notificationId: Key | undefined; notificationError?: unknown }
  | 'no-post'
  | 'no-actor'
  | 'already-liked';

/**
 * SPEC §4: a like adds the user to likedBy, removes them from dislikedBy and raises likeCount by 1
 * (unless they were suspended while the request was on its way: decision 046). The author's
 * notification is recorded in the same transaction (one commit, not two), under a savepoint: a
 * failure to record it is undone alone and never loses the like (modules/notifications/notify.ts).
 */
export function likePost(db: Db, postId: string, userId: Key): Promise<LikeOutcome> {
  return db.kysely.transaction().execute(async (trx) => {
    if (!(await lockPeopleOfPost(db, trx, postId, userId))) return 'no-actor';
    const post = await lockVisiblePost(db, trx, postId, userId);
    if (!post) return 'no-post';
    const at = nowIso();
    const args = { post: post.id, user: userId, at };
    const inserted = await insertLike(db, 'like', args, trx);
    if (inserted.length === 0) return 'already-liked';
    await deleteDislike(db, 'dislike', args, trx);
    await raiseLikeCount(db, 'up', args, trx);
    const action = { kind: 'like' as const, actorId: userId, postId: post.id, postAuthorId: post.author_id };
    const [told] = await recordActionIn(db, trx, action);
    return { postId: post.id, authorId: post.author_id, ...(told?.outcome ?? { notificationId: undefined }) };
  });
}

/**
 * People before the post (accounts' lockPeople): the person and the post's author, whom the
 * notification names. An erasure of either locks their row first and then the posts it changes, so
 * a like that held the post while waiting for the author's row deadlocked with it (issue 45, finding
 * 6). False when the person was erased while their request was on its way.
 */
async function lockPeopleOfPost(db: Db, trx: Transaction<DatabaseSchema>, postId: string, userId: Key) {
  const post = await trx.selectFrom('posts').select('author_id').where('public_id', '=', postId).executeTakeFirst();
  const present = await lockPeople(db, trx, post ? [userId, post.author_id] : [userId]);
  return present.has(userId);
}

type Row = { post: Key; user: Key; at: string };

const insertLike = prepared((db: Db, args: Row) =>
  db.kysely
    .insertInto('likes')
    .values({ post_id: args.post, user_id: args.user, created_at: args.at })
    .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
    .returning('post_id'),
);

const deleteDislike = prepared((db: Db, args: Row) =>
  db.kysely.deleteFrom('dislikes').where('post_id', '=', args.post).where('user_id', '=', args.user),
);

/** `up` or `down`: the shape carries the sign, so that each is one compiled statement. */
const raiseLikeCount = prepared((db: Db, args: Row, sign: 'up' | 'down') =>
  db.kysely
    .updateTable('posts')
    .set({
      like_count: sql<number>`like_count + ${ifNotSuspended(args.user, sign === 'up' ? 1 : -1)}`,
      updated_at: args.at,
    })
    .where('id', '=', args.post),
);

/** Taken back: `retractedFrom` is the author whose like entry lost the person (undefined: none had them). */
export type DislikeOutcome =
  | { retractedFrom: Key | undefined }
  | 'no-post'
  | 'no-actor'
  | 'below-zero'
  | 'already-disliked'
  | 'not-liked';

/**
 * SPEC §4's dislike (how a like is taken back), with the spec's two refusals first and then
 * Spotter's own: one cannot take back a like one never gave. The author's like entry loses the
 * person with the like (notification-retraction.ts).
 */
export function dislikePost(db: Db, postId: string, userId: Key): Promise<DislikeOutcome> {
  return db.kysely.transaction().execute(async (trx) => {
    if (!(await lockPeopleOfPost(db, trx, postId, userId))) return 'no-actor';
    const post = await lockVisiblePost(db, trx, postId, userId);
    if (!post) return 'no-post';
    if (post.like_count <= 0) return 'below-zero';
    const args = { post: post.id, user: userId, at: nowIso() };
    if ((await findDislike(db, 'dislike', args, trx)).length > 0) return 'already-disliked';
    if ((await deleteLike(db, 'like', args, trx)).length === 0) return 'not-liked';
    await insertDislike(db, 'dislike', args, trx);
    await raiseLikeCount(db, 'down', args, trx);
    const retracted = await retractNotification(db, trx, { actorId: userId, type: 'like', postId: post.id });
    return { retractedFrom: retracted ? post.author_id : undefined };
  });
}

const findDislike = prepared((db: Db, args: Row) =>
  db.kysely.selectFrom('dislikes').select('user_id').where('post_id', '=', args.post).where('user_id', '=', args.user),
);

const deleteLike = prepared((db: Db, args: Row) =>
  db.kysely.deleteFrom('likes').where('post_id', '=', args.post).where('user_id', '=', args.user).returning('post_id'),
);

const insertDislike = prepared((db: Db, args: Row) =>
  db.kysely.insertInto('dislikes').values({ post_id: args.post, user_id: args.user, created_at: args.at }),
);
