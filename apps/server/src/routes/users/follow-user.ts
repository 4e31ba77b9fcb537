import { apiErrors } from '@spotter/contract';
import { followAnswer } from '../../answers/follow-answers';
import { badRequest, notFound } from '../../errors';
import type { Handler } from '../../http/add-route';
import { followUser as follow } from '../../queries/follows';

export const followUser: Handler<'followUser'> = async ({ params, user, minimal }, ctx) => {
  const outcome = await follow(ctx.db, user.id, params.userId, ctx.config.homeTimeline.length);
  if (outcome === 'no-user') throw notFound(apiErrors.userNotFound);
  // SPEC §8 answers following oneself with 404.
  if (outcome === 'self') throw notFound(apiErrors.cannotFollowSelf);
  if (outcome === 'already-following') throw badRequest(apiErrors.alreadyFollowing);
  return followAnswer(ctx, minimal, user.id, params.userId);
};
