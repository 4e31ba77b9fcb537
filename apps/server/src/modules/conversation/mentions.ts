import { findHashtags, findMentions, mentionNotifyMax } from '@spotter/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { InTransaction } from '../../db/in-transaction';
import type { DatabaseSchema, Key } from '../../db/schema';
import { userKeysByUsernames } from '../accounts';
import { mentionedAlready, type NewNotification, type notificationsOfAction } from '../notifications';
import { maxTagsPerText, replaceCommentTags, writePostTags } from './queries/tags';

/** The people a text mentions who may be told (existing users, never its author), by key, in the text's order. */
export async function mentionedIn(ctx: AppContext, text: string, authorId: Key): Promise<Key[]> {
  return (await userKeysByUsernames(ctx.db, findMentions(text))).filter((id) => id !== authorId);
}

/** What a post or comment is, for its mentions: `commentId` null for a post's own text. */
export type MentionsAbout = { authorId: Key; postId: Key; commentId: Key | null; skip?: Key[] };

/**
 * The mention notifications a post's or comment's text still sends: of the people `mentionedIn`
 * found, those not told of it yet (`told`) nor otherwise (`skip`: a comment's post author and the
 * comment it answers), the first in the text, as many as mentionNotifyMax leaves beside those already
 * told. The limit holds for the post or comment as a whole: the versions of an edited text share it.
 */
export function mentionsOf(mentioned: Key[], about: MentionsAbout, told: ReadonlySet<Key>): NewNotification[] {
  const skip = new Set([about.authorId, ...(about.skip ?? [])]);
  const room = Math.max(0, mentionNotifyMax - told.size);
  return mentioned
    .filter((recipientId) => !skip.has(recipientId) && !told.has(recipientId))
    .slice(0, room)
    .map((recipientId) => ({
      recipientId,
      actorId: about.authorId,
      type: 'mention' as const,
      postId: about.postId,
      ...(about.commentId !== null ? { commentId: about.commentId } : {}),
    }));
}

/**
 * Records, in the transaction that wrote a post or comment, the mentions its text still sends
 * (`mentionsOf`), each under a savepoint (`told`, whose entries the caller sends after the commit).
 * `edited`: the text replaces one that may have told people already (`mentionedAlready`, one
 * statement, asked only when the text mentions someone); a new post or comment has told no one.
 */
export async function recordMentions(
  ctx: AppContext,
  trx: Transaction<DatabaseSchema>,
  told: ReturnType<typeof notificationsOfAction>,
  mentioned: Key[],
  about: MentionsAbout,
  edited: boolean,
): Promise<void> {
  if (mentioned.length === 0) return;
  const already = edited ? await mentionedAlready(ctx.db, about, trx) : new Set<Key>();
  for (const mention of mentionsOf(mentioned, about, already)) await told.record(trx, mention);
}

/**
 * What a post's own transaction writes beside it (decision 047): its hashtags, and the mentions it
 * still sends (`recordMentions`: an edit tells only the newly mentioned, within what the post may
 * still tell). `mentioned` is `mentionedIn`'s answer, read before the transaction; `edited` whether
 * the post was there before.
 */
export function postSideWrites(
  ctx: AppContext,
  told: ReturnType<typeof notificationsOfAction>,
  post: { authorId: Key; content: string; createdAt: Date | string; edited: boolean },
  mentioned: Key[],
): InTransaction<Key> {
  return async (trx, postId) => {
    await writePostTags(trx, postId, findHashtags(post.content).slice(0, maxTagsPerText), post.createdAt);
    await recordMentions(ctx, trx, told, mentioned, { authorId: post.authorId, postId, commentId: null }, post.edited);
  };
}

/** After a comment is written or edited: its hashtags indexed with its post's (decision 039). */
export async function indexCommentTags(ctx: AppContext, comment: { id: Key; postId: Key; content: string }) {
  await replaceCommentTags(ctx.db, comment.id, comment.postId, findHashtags(comment.content).slice(0, maxTagsPerText));
}
