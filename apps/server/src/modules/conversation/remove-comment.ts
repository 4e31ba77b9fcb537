import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { publishUnreadCounts } from '../notifications';
import { deleteComment } from './queries/comments';
import { replaceCommentTags } from './queries/tags';

/**
 * Deletes a comment with its replies and notifications, as its author or its post's author does here
 * and as a `Delete` of a remote comment does (issue 49); whoever had one of those unread hears their
 * new count.
 */
export async function removeComment(ctx: AppContext, comment: { id: Key; postId: Key }, log: FastifyBaseLogger) {
  const toldOf = await deleteComment(ctx.db, comment.id, comment.postId);
  // Its hashtags (and its replies') went with it: the post's index is rebuilt from what remains.
  await replaceCommentTags(ctx.db, null, comment.postId, []);
  await publishUnreadCounts(ctx, toldOf, log);
}
