import { apiErrors } from '@spotter/contract';
import { postMutationAnswer } from '../../answers/post-answers';
import { badRequest, notFound } from '../../errors';
import type { Handler } from '../../http/add-route';
import { dislikePost as dislike } from '../../queries/likes';

const refusals = {
  'below-zero': apiErrors.likeBelowZero,
  'already-disliked': apiErrors.alreadyDisliked,
  'not-liked': apiErrors.dislikeNotLiked,
} as const;

export const dislikePost: Handler<'dislikePost'> = async ({ params, user, minimal, reply }, ctx) => {
  // The dislike checks that the viewer may see the post: 404 otherwise, before any refusal of the spec's.
  const outcome = await dislike(ctx.db, params.postId, user.id);
  if (outcome === 'no-post') throw notFound(apiErrors.postNotFound);
  if (outcome !== 'disliked') throw badRequest(refusals[outcome]);
  return postMutationAnswer(ctx, reply, minimal, params.postId, user.id);
};
