import { apiErrors } from '@spotter/contract';
import { badRequest, notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { erasedMeanwhile } from '../../accounts';
import { postMutationAnswer } from '../../posts';
import { likeAs } from '../like-actions';

export const likePost: Handler<'likePost'> = async ({ params, user, minimal, request, reply }, ctx) => {
  // The like checks that the viewer may see the post (404 otherwise) and records the author's notification.
  const outcome = await likeAs(ctx, params.postId, user.id, request.log);
  if (outcome === 'no-post') throw notFound(apiErrors.postNotFound);
  if (outcome === 'no-actor') throw erasedMeanwhile();
  if (outcome === 'already-liked') throw badRequest(apiErrors.alreadyLiked);
  return postMutationAnswer(ctx, reply, minimal, params.postId, user.id);
};
