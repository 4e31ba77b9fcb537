import { apiErrors } from '@spotter/contract';
import { HttpError, notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { commentByKey, findCommentRow } from '../queries/comments';
import { removeComment } from '../remove-comment';

/**
 * The comment's author or the post's author may delete it; its replies and notifications go with it,
 * and whoever had one of those unread hears their new count.
 */
export const deleteComment: Handler<'deleteComment'> = async ({ params, user, request }, ctx) => {
  const row = await findCommentRow(ctx.db, params.commentId);
  if (!row) throw notFound(apiErrors.commentNotFound);
  if (row.author_id !== user.id && row.post_author_id !== user.id) {
    throw new HttpError(403, [apiErrors.cannotDeleteComment]);
  }
  const comment = await commentByKey(ctx.db, row.id);
  if (!comment) throw notFound(apiErrors.commentNotFound);
  await removeComment(ctx, { id: row.id, postId: row.post_id }, request.log);
  ctx.outbox?.commentDeleted({
    publicId: params.commentId,
    authorId: row.author_id,
    visibility: row.visibility,
    postId: row.post_id,
  });
  return { comment };
};
