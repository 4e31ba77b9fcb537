import { apiErrors } from '@spotter/contract';
import { badRequest, notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { erasedMeanwhile } from '../../accounts';
import { publishUnreadCount } from '../../notifications';
import { postMutationAnswer } from '../../posts';
import { dislikePost as dislike } from '../queries/likes';

const refusals = {
  'below-zero': apiErrors.likeBelowZero,
  'already-disliked': apiErrors.alreadyDisliked,
  'not-liked': apiErrors.dislikeNotLiked,
} as const;

export const dislikePost: Handler<'dislikePost'> = async ({ params, user, minimal, request, reply }, ctx) => {
  // The dislike checks that the viewer may see the post: 404 otherwise, before any refusal of the spec's.
  const outcome = await dislike(ctx.db, params.postId, user.id);
  if (outcome === 'no-post') throw notFound(apiErrors.postNotFound);
  if (outcome === 'no-actor') throw erasedMeanwhile();
  if (typeof outcome === 'string') throw badRequest(refusals[outcome]);
  // The author's like entry lost the person: their bell shows the count without it at once.
  if (outcome.retractedFrom !== undefined) await publishUnreadCount(ctx, outcome.retractedFrom, request.log);
  ctx.outbox?.unliked(params.postId, user.id);
  return postMutationAnswer(ctx, reply, minimal, params.postId, user.id);
};
