import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { removeMedia } from '../media';
import { publishUnreadCounts } from '../notifications';
import { findPostRow, deletePost as removePost } from './queries/posts';

/**
 * Deletes one's own post, as both APIs do (issue 50): the notifications it caused are taken back
 * (their bells told) and its media files removed. Someone else's post is refused, a missing one too.
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
  const removed = await removePost(ctx.db, post.id);
  await publishUnreadCounts(ctx, removed.toldOf, log);
  await removeMedia(ctx, removed.detached, log);
  ctx.outbox?.postDeleted({ publicId: post.public_id, authorId: post.author_id, visibility: post.visibility });
  return 'deleted';
}
