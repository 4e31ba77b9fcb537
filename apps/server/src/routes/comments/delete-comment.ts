import { apiErrors } from '@spotter/contract';
import { HttpError, notFound } from '../../errors';
import type { Handler } from '../../http/add-route';
import { commentByKey, findCommentRow, deleteComment as removeComment } from '../../queries/comments';
import { replaceCommentTags } from '../../queries/tags';

/** The comment's author or the post's author may delete it; its replies and notifications go with it. */
export const deleteComment: Handler<'deleteComment'> = async ({ params, user }, ctx) => {
  const row = await findCommentRow(ctx.db, params.commentId);
  if (!row) throw notFound(apiErrors.commentNotFound);
  if (row.author_id !== user.id && row.post_author_id !== user.id) {
    throw new HttpError(403, [apiErrors.cannotDeleteComment]);
  }
  const comment = await commentByKey(ctx.db, row.id);
  if (!comment) throw notFound(apiErrors.commentNotFound);
  await removeComment(ctx.db, row.id, row.post_id);
  // Its hashtags (and its replies') went with it: the post's index is rebuilt from what remains.
  await replaceCommentTags(ctx.db, null, row.post_id, []);
  return { comment };
};
