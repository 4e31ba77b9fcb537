import { findHashtags } from '@spotter/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { Key } from '../../db/schema';
import type { DeletedPosts, NotificationHub } from './hub';
import { followersToTellOfPost } from './new-post-event';

/**
 * What the client API's streams need to send Mastodon's `delete` for posts about to go (issue 50):
 * one post (its author's deletion, a moderator's removal) or all of a person's (an erasure), read
 * before they go. Undefined when no such stream can hear, or nothing is there.
 */
export async function postsAboutToGo(
  db: Db,
  hub: NotificationHub,
  which: { postId: Key } | { authorId: Key },
): Promise<DeletedPosts | undefined> {
  if (!hub.reachesEveryone) return undefined;
  const select = db.kysely
    .selectFrom('posts')
    .select(['id', 'public_id', 'author_id', 'visibility', 'content'])
    .where('removed_at', 'is', null);
  const posts = await ('postId' in which
    ? select.where('id', '=', which.postId)
    : select.where('author_id', '=', which.authorId)
  ).execute();
  const first = posts[0];
  if (!first) return undefined;
  // Who had them at home: the followers the rule shows a post of theirs that is not private (blocks
  // and mutes are the same for each post of one author).
  const shown = posts.find((post) => post.visibility !== 'private');
  const readers = shown ? (await followersToTellOfPost(db, shown.id)).followers : [];
  return {
    authorId: Number(first.author_id),
    readers,
    posts: posts.map((post) => ({
      _id: post.public_id,
      public: post.visibility === 'public',
      followers: post.visibility !== 'private',
      tags: findHashtags(post.content),
    })),
  };
}

/** Deleted posts to the client API's streams; a failure is logged, the deletion stands. */
export async function announceDeletedPosts(
  hub: NotificationHub,
  deleted: DeletedPosts | undefined,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!deleted) return;
  try {
    await hub.publishDeleted(deleted);
  } catch (error) {
    log.warn({ err: error }, 'deleted posts not announced');
  }
}
