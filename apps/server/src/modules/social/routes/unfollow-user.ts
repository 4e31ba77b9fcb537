import { apiErrors } from '@spotter/contract';
import { badRequest, notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { publishUnreadCount } from '../../notifications';
import { followAnswer } from '../follow-answers';
import { unfollowUser as unfollow } from '../queries/follows';

export const unfollowUser: Handler<'unfollowUser'> = async ({ params, user, minimal, request }, ctx) => {
  const outcome = await unfollow(ctx.db, user.id, params.userId);
  if (outcome === 'no-user') throw notFound(apiErrors.userNotFound);
  if (outcome === 'not-following') throw badRequest(apiErrors.notFollowing);
  // The followee's follow entry lost the person: their bell shows the count without it at once.
  if (outcome.retractedFrom !== undefined) await publishUnreadCount(ctx, outcome.retractedFrom, request.log);
  return followAnswer(ctx, minimal, user.id, params.userId);
};
