import { findHashtags, findMentions, mentionNotifyMax } from '@spotter/contract';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { InTransaction } from '../../db/in-transaction';
import type { DatabaseSchema, Key } from '../../db/schema';
import { knownUsernames, userKeysByUsernames } from '../accounts';
import type { notificationsOfAction } from '../notifications';
import { maxTagsPerText, replaceCommentTags, writeCommentTags, writePostTags } from './queries/tags';

/**
 * The people a text mentions who exist, by key, in the text's order; who of them is told is the
 * notifications' rule (modules/notifications/who-is-told.ts). Read before the text's transaction.
 */
export async function mentionedIn(ctx: AppContext, text: string): Promise<Key[]> {
  const names = findMentions(text);
  const found = await userKeysByUsernames(ctx.db, names);
  const remote = names.filter((n) => n.includes('@'));
  if (!ctx.outbox || remote.length === 0) return found;
  // People on other servers nobody here knows yet are looked up there first (issue 49), as Mastodon
  // does when a post is written; those not found stay text. At most as many as may be told.
  const known = new Set(await knownUsernames(ctx.db, remote));
  const unknown = remote.filter((n) => !known.has(n)).slice(0, mentionNotifyMax);
  if (unknown.length === 0) return found;
  const outbox = ctx.outbox;
  await Promise.all(unknown.map((acct) => outbox.lookUp(acct).catch(() => undefined)));
  return userKeysByUsernames(ctx.db, names);
}

/**
 * What a post's own transaction writes beside it (decision 047): its hashtags, and the notifications
 * of its mentions (an edit tells only the newly mentioned, within what the post may still tell).
 * `mentioned` is `mentionedIn`'s answer, read before the transaction; `edited` whether the post was
 * there before.
 */
export function postSideWrites(
  told: ReturnType<typeof notificationsOfAction>,
  post: { authorId: Key; content: string; createdAt: Date | string; edited: boolean },
  mentioned: Key[],
): InTransaction<Key> {
  return async (trx, postId) => {
    await writePostTags(trx, postId, findHashtags(post.content).slice(0, maxTagsPerText), post.createdAt);
    await told.record(trx, { kind: post.edited ? 'post-edit' : 'post', actorId: post.authorId, postId, mentioned });
  };
}

/** After a comment is edited: its hashtags indexed with its post's (decision 039). */
export async function indexCommentTags(ctx: AppContext, comment: { id: Key; postId: Key; content: string }) {
  await replaceCommentTags(ctx.db, comment.id, comment.postId, findHashtags(comment.content).slice(0, maxTagsPerText));
}

/**
 * A new comment's hashtags, in its own transaction: a parent deleted right after it commits takes
 * the reply and its tags along, rather than leaving tags to be written for a comment gone.
 */
export function newCommentTags(trx: Transaction<DatabaseSchema>, comment: { id: Key; postId: Key; content: string }) {
  return writeCommentTags(trx, comment.id, comment.postId, findHashtags(comment.content).slice(0, maxTagsPerText));
}
