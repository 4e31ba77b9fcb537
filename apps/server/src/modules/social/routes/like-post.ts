import { apiErrors } from '@spotter/contract';
import { badRequest, notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { erasedMeanwhile } from '../../accounts';
import { publishRecorded } from '../../notifications';
import { postMutationAnswer } from '../../posts';
import { likePost as like } from '../queries/likes';

export const likePost: Handler<'likePost'> = async ({ params, user, minimal, request, reply }, ctx) => {
  // The like checks that the viewer may see the post (404 otherwise) and records the author's notification.
  const outcome = await like(ctx.db, params.postId, user.id);
  if (outcome === 'no-post') throw notFound(apiErrors.postNotFound);
  if (outcome === 'no-actor') throw erasedMeanwhile();
  if (outcome === 'already-liked') throw badRequest(apiErrors.alreadyLiked);
  await publishRecorded(ctx, outcome.authorId, outcome, request.log);
  ctx.outbox?.liked(params.postId, user.id);
  return postMutationAnswer(ctx, reply, minimal, params.postId, user.id);
};
