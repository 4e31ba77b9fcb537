import { apiErrors } from '@spotter/contract';
import { postMutationAnswer, requireVisiblePost } from '../../answers/post-answers';
import { badRequest, notFound } from '../../errors';
import type { Handler } from '../../http/add-route';
import { notify } from '../../notifications/notify';
import { likePost as like } from '../../queries/likes';

export const likePost: Handler<'likePost'> = async ({ params, user, minimal, request, reply }, ctx) => {
  await requireVisiblePost(ctx, params.postId, user.id);
  const outcome = await like(ctx.db, params.postId, user.id);
  if (outcome === 'no-post') throw notFound(apiErrors.postNotFound);
  if (outcome === 'already-liked') throw badRequest(apiErrors.alreadyLiked);
  await notify(
    ctx,
    { recipientId: outcome.authorId, actorId: user.id, type: 'like', postId: outcome.postId },
    request.log,
  );
  return postMutationAnswer(ctx, reply, minimal, params.postId, user.id);
};
