import { apiErrors } from '@spotter/contract';
import { HttpError, notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { erasedMeanwhile } from '../../accounts';
import { requireVisiblePost } from '../../posts';
import { commentByKey } from '../queries/comments';
import { storeComment } from '../store-comment';

export const createComment: Handler<'createComment'> = async ({ params, body, user, request }, ctx) => {
  const { content, replyTo } = body.commentData;
  await requireVisiblePost(ctx, params.postId, user.id);
  const outcome = await storeComment(
    ctx,
    { authorId: user.id, postPublicId: params.postId, content, ...(replyTo !== undefined ? { replyTo } : {}) },
    request.log,
  );
  if (outcome.kind === 'no-post') throw notFound(apiErrors.postNotFound);
  if (outcome.kind === 'no-parent') throw notFound(apiErrors.commentNotFound);
  if (outcome.kind === 'no-actor') throw erasedMeanwhile();
  const comment = await commentByKey(ctx.db, outcome.comment.id);
  if (!comment) throw new HttpError(404, [apiErrors.commentNotFound]);
  return { comment };
};
