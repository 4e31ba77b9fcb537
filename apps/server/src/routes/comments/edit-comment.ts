import { apiErrors } from '@spotter/contract';
import { indexCommentTags, notifyMentions } from '../../conversation/mentions';
import { HttpError, notFound } from '../../errors';
import type { Handler } from '../../http/add-route';
import { commentByKey, findCommentRow, updateComment } from '../../queries/comments';

export const editComment: Handler<'editComment'> = async ({ params, body, user, request }, ctx) => {
  const row = await findCommentRow(ctx.db, params.commentId);
  if (!row) throw notFound(apiErrors.commentNotFound);
  if (row.author_id !== user.id) throw new HttpError(403, [apiErrors.cannotEditComment]);
  const { content } = body.commentData;
  await updateComment(ctx.db, row.id, content);
  await indexCommentTags(ctx, { id: row.id, postId: row.post_id, content });
  await notifyMentions(
    ctx,
    { text: content, authorId: user.id, postId: row.post_id, commentId: row.id, skip: [row.post_author_id] },
    request.log,
  );
  const comment = await commentByKey(ctx.db, row.id);
  if (!comment) throw notFound(apiErrors.commentNotFound);
  return { comment };
};
