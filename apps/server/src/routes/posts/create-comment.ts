import crypto from 'node:crypto';
import { apiErrors } from '@spotter/contract';
import { requireVisiblePost } from '../../answers/post-answers';
import { notifyMentions } from '../../conversation/mentions';
import { HttpError, notFound } from '../../errors';
import type { Handler } from '../../http/add-route';
import { notify } from '../../notifications/notify';
import { commentByKey, insertComment } from '../../queries/comments';

export const createComment: Handler<'createComment'> = async ({ params, body, user, request }, ctx) => {
  const { content, replyTo } = body.commentData;
  await requireVisiblePost(ctx, params.postId, user.id);
  const outcome = await insertComment(ctx.db, {
    publicId: crypto.randomUUID(),
    postPublicId: params.postId,
    authorId: user.id,
    content,
    ...(replyTo !== undefined ? { replyTo } : {}),
  });
  if (outcome.kind === 'no-post') throw notFound(apiErrors.postNotFound);
  if (outcome.kind === 'no-parent') throw notFound(apiErrors.commentNotFound);
  const created = outcome.comment;
  const told = [created.postAuthorId];
  const about = { actorId: user.id, postId: created.postId, commentId: created.id };
  if (created.parentAuthorId !== null) {
    await notify(ctx, { ...about, recipientId: created.parentAuthorId, type: 'reply' }, request.log);
    told.push(created.parentAuthorId);
  }
  if (created.parentAuthorId !== created.postAuthorId) {
    await notify(ctx, { ...about, recipientId: created.postAuthorId, type: 'comment' }, request.log);
  }
  await notifyMentions(
    ctx,
    { text: content, authorId: user.id, postId: created.postId, commentId: created.id, skip: told },
    request.log,
  );
  const comment = await commentByKey(ctx.db, created.id);
  if (!comment) throw new HttpError(404, [apiErrors.commentNotFound]);
  return { comment };
};
