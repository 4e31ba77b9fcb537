import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { identityChanged } from '../accounts';
import { announceDeletedPosts, postsAboutToGo, publishUnreadCounts } from '../notifications';
import { eraseAccount } from './queries/account-erasure';

/**
 * Erases a person and everything they made (decision 037), as their own deletion does and as a
 * `Delete` of a remote person from their server does (issue 49): a local person's Delete(Person)
 * queued for their followers' servers while their key is still here, the rows in one transaction, then
 * their open notification streams closed on every server, the client API's streams told of their
 * posts' deletion (Mastodon's `delete`), the others whose unread entries went
 * with them told their new count, then their files gone from the media store (one that cannot be
 * deleted now is left to the media sweep). False when there was no such person.
 */
export async function erasePerson(ctx: AppContext, userId: Key, log: FastifyBaseLogger): Promise<boolean> {
  // Their servers are told first, while the key that signs it is still here (a remote person: nothing).
  await ctx.outbox?.personErasing(userId);
  const going = await postsAboutToGo(ctx.db, ctx.notifications, { authorId: userId });
  const erased = await eraseAccount(ctx.db, userId);
  if (erased === undefined) return false;
  identityChanged(ctx, userId);
  await ctx.notifications.endStreams(userId);
  await announceDeletedPosts(ctx.notifications, going, log);
  await publishUnreadCounts(ctx, erased.toldOf, log);
  for (const key of erased.mediaKeys) {
    try {
      await ctx.mediaStore.delete(key);
    } catch (error) {
      log.warn({ err: error, key }, 'could not delete a media file of an erased account; the sweep will');
    }
  }
  return true;
}
