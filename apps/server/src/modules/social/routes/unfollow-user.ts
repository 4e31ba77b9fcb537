import { apiErrors } from '@spotter/contract';
import { badRequest, notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { unfollowPerson } from '../follow-actions';
import { followAnswer } from '../follow-answers';

export const unfollowUser: Handler<'unfollowUser'> = async ({ params, user, minimal, request }, ctx) => {
  const outcome = await unfollowPerson(ctx, user.id, params.userId, request.log);
  if (outcome === 'no-user') throw notFound(apiErrors.userNotFound);
  if (outcome === 'not-following') throw badRequest(apiErrors.notFollowing);
  return followAnswer(ctx, minimal, user.id, params.userId);
};
