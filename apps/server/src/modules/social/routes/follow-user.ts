import { apiErrors } from '@spotter/contract';
import { badRequest, notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { erasedMeanwhile } from '../../accounts';
import { followPerson } from '../follow-actions';
import { followAnswer } from '../follow-answers';

export const followUser: Handler<'followUser'> = async ({ params, user, minimal, request }, ctx) => {
  const outcome = await followPerson(ctx, user.id, params.userId, request.log);
  if (outcome === 'no-user') throw notFound(apiErrors.userNotFound);
  if (outcome === 'no-actor') throw erasedMeanwhile();
  // SPEC §8 answers following oneself with 404.
  if (outcome === 'self') throw notFound(apiErrors.cannotFollowSelf);
  if (outcome === 'already-following') throw badRequest(apiErrors.alreadyFollowing);
  if (outcome === 'already-requested') throw badRequest(apiErrors.followAlreadyRequested);
  return followAnswer(ctx, minimal, user.id, params.userId);
};
