import { findHashtags, findMentions, mentionNotifyMax } from '@spotter/contract';
import type { AppContext } from '../context';
import type { Key } from '../db/schema';
import type { notificationsOfAction } from '../notifications/notify';
import type { InTransaction } from '../queries/comments';
import { type NewNotification, wasMentioned } from '../queries/notifications';
import { maxTagsPerText, replaceCommentTags, writePostTags } from '../queries/tags';
import { userKeysByUsernames } from '../queries/users';

/** The people a text mentions who may be told (existing users, never its author, at most 10), by key. */
export async function mentionedIn(ctx: AppContext, text: string, authorId: Key): Promise<Key[]> {
  const mentioned = (await userKeysByUsernames(ctx.db, findMentions(text))).filter((id) => id !== authorId);
  return mentioned.slice(0, mentionNotifyMax);
}

/** The mention notifications for the people `mentionedIn` found, but those in `skip` (already told otherwise). */
export function mentionsOf(
  mentioned: Key[],
  about: { authorId: Key; postId: Key; commentId: Key | null; skip?: Key[] },
): NewNotification[] {
  const skip = new Set([about.authorId, ...(about.skip ?? [])]);
  return mentioned
    .filter((recipientId) => !skip.has(recipientId))
    .map((recipientId) => ({
      recipientId,
      actorId: about.authorId,
      type: 'mention' as const,
      postId: about.postId,
      ...(about.commentId !== null ? { commentId: about.commentId } : {}),
    }));
}

/**
 * What a post's own transaction writes beside it (decision 047): its hashtags, and the people it
 * mentions who were not told of it yet (an edit tells only the newly mentioned), each under a
 * savepoint (`told`, whose entries the caller sends after the commit). `mentioned` is `mentionedIn`'s
 * answer, read before the transaction.
 */
export function postSideWrites(
  ctx: AppContext,
  told: ReturnType<typeof notificationsOfAction>,
  post: { authorId: Key; content: string; createdAt: Date | string },
  mentioned: Key[],
): InTransaction<Key> {
  return async (trx, postId) => {
    await writePostTags(trx, postId, findHashtags(post.content).slice(0, maxTagsPerText), post.createdAt);
    for (const mention of mentionsOf(mentioned, { authorId: post.authorId, postId, commentId: null })) {
      if (!(await wasMentioned(ctx.db, mention.recipientId, postId, null, trx))) await told.record(trx, mention);
    }
  };
}

/** After a comment is written or edited: its hashtags indexed with its post's (decision 039). */
export async function indexCommentTags(ctx: AppContext, comment: { id: Key; postId: Key; content: string }) {
  await replaceCommentTags(ctx.db, comment.id, comment.postId, findHashtags(comment.content).slice(0, maxTagsPerText));
}
