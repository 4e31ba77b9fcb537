import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { removeMedia } from '../media';
import { announceDeletedPosts, postsAboutToGo, publishUnreadCounts } from '../notifications';
import { findPostRow, deletePost as removePost } from './queries/posts';

/**
 * Deletes one's own post, as both APIs do (issue 50): the notifications it caused are taken back
 * (their bells told), the client API's streams told, and its media files removed. Someone else's post is refused, a missing one too.
 */
export async function deleteOwnPost(
  ctx: AppContext,
  userId: Key,
  postPublicId: string,
  log: FastifyBaseLogger,
): Promise<'deleted' | 'no-post' | 'not-own'> {
  const post = await findPostRow(ctx.db, postPublicId);
  if (!post) return 'no-post';
  if (post.author_id !== userId) return 'not-own';
  const going = await postsAboutToGo(ctx.db, ctx.notifications, { postId: post.id });
  const removed = await removePost(ctx.db, post.id);
  await announceDeletedPosts(ctx.notifications, going, log);
  await publishUnreadCounts(ctx, removed.toldOf, log);
  await removeMedia(ctx, removed.detached, log);
  ctx.outbox?.postDeleted({ publicId: post.public_id, authorId: post.author_id, visibility: post.visibility });
  return 'deleted';
}
