import { apiErrors } from '@spotter/contract';
import { HttpError, notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { notificationsOfAction } from '../../notifications';
import { indexCommentTags, mentionedIn } from '../mentions';
import { commentByKey, findEditableCommentRow, updateComment } from '../queries/comments';

export const editComment: Handler<'editComment'> = async ({ params, body, user, request }, ctx) => {
  const row = await findEditableCommentRow(ctx.db, params.commentId, user.id);
  if (!row) throw notFound(apiErrors.commentNotFound);
  if (row.author_id !== user.id) throw new HttpError(403, [apiErrors.cannotEditComment]);
  const { content } = body.commentData;
  const mentioned = await mentionedIn(ctx, content);
  // Its new mentions are recorded in the edit's own transaction, each under a savepoint (decision 047).
  const told = notificationsOfAction(ctx);
  // Only the newly mentioned are told, within what the comment may still tell (modules/notifications/who-is-told.ts).
  await updateComment(ctx.db, row.id, content, (trx, id) =>
    told.record(trx, {
      kind: 'comment-edit',
      actorId: user.id,
      postId: row.post_id,
      commentId: id,
      postAuthorId: row.post_author_id,
      mentioned,
    }),
  );
  await indexCommentTags(ctx, { id: row.id, postId: row.post_id, content });
  await told.publish(request.log);
  ctx.outbox?.commentEdited(row.id);
  const comment = await commentByKey(ctx.db, row.id);
  if (!comment) throw notFound(apiErrors.commentNotFound);
  return { comment };
};
