import { findHashtags, findMentions, mentionNotifyMax } from '@spotter/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import type { Key } from '../db/schema';
import { notify } from '../notifications/notify';
import { type NewNotification, wasMentioned } from '../queries/notifications';
import { maxTagsPerText, replaceCommentTags, replacePostTags } from '../queries/tags';
import { userKeysByUsernames } from '../queries/users';

/**
 * Tells the people a post or comment mentions (existing users, at most 10, never the author, never
 * twice for one text: an edit tells only the newly mentioned), skipping those already told of it.
 */
export async function notifyMentions(
  ctx: AppContext,
  input: { text: string; authorId: Key; postId: Key; commentId: Key | null; skip?: Key[] },
  log: FastifyBaseLogger,
): Promise<void> {
  for (const mention of mentionsOf(await mentionedIn(ctx, input.text, input.authorId), input)) {
    if (await wasMentioned(ctx.db, mention.recipientId, input.postId, input.commentId)) continue;
    await notify(ctx, mention, log);
  }
}

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

/** After a post is written: its hashtags indexed, the people it mentions told. */
export async function afterPostWritten(
  ctx: AppContext,
  post: { id: Key; authorId: Key; content: string; createdAt: Date | string },
  log: FastifyBaseLogger,
): Promise<void> {
  await replacePostTags(ctx.db, post.id, findHashtags(post.content).slice(0, maxTagsPerText), post.createdAt);
  await notifyMentions(ctx, { text: post.content, authorId: post.authorId, postId: post.id, commentId: null }, log);
}

/** After a comment is written or edited: its hashtags indexed with its post's (decision 039). */
export async function indexCommentTags(ctx: AppContext, comment: { id: Key; postId: Key; content: string }) {
  await replaceCommentTags(ctx.db, comment.id, comment.postId, findHashtags(comment.content).slice(0, maxTagsPerText));
}
