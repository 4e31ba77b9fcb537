import { apiErrors } from '@spotter/contract';
import { badRequest, notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { erasedMeanwhile } from '../../accounts';
import { postMutationAnswer } from '../../posts';
import { unlikeAs } from '../like-actions';

const refusals = {
  'below-zero': apiErrors.likeBelowZero,
  'already-disliked': apiErrors.alreadyDisliked,
  'not-liked': apiErrors.dislikeNotLiked,
} as const;

export const dislikePost: Handler<'dislikePost'> = async ({ params, user, minimal, request, reply }, ctx) => {
  // The dislike checks that the viewer may see the post: 404 otherwise, before any refusal of the spec's.
  const outcome = await unlikeAs(ctx, params.postId, user.id, request.log);
  if (outcome === 'no-post') throw notFound(apiErrors.postNotFound);
  if (outcome === 'no-actor') throw erasedMeanwhile();
  if (typeof outcome === 'string') throw badRequest(refusals[outcome]);
  return postMutationAnswer(ctx, reply, minimal, params.postId, user.id);
};
