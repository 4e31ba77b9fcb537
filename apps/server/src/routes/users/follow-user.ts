import { apiErrors } from '@spotter/contract';
import { followAnswer } from '../../answers/follow-answers';
import { badRequest, notFound } from '../../errors';
import type { Handler } from '../../http/add-route';
import { notify } from '../../notifications/notify';
import { followUser as follow } from '../../queries/follows';
import { findUserByPublicId, findVisibleUserByPublicId } from '../../queries/users';

export const followUser: Handler<'followUser'> = async ({ params, user, minimal, request }, ctx) => {
  // Someone on the other side of a block (or suspended) is not found, as everywhere else.
  if (!(await findVisibleUserByPublicId(ctx.db, params.userId, user.id))) throw notFound(apiErrors.userNotFound);
  const outcome = await follow(ctx.db, user.id, params.userId, ctx.config.homeTimeline.length);
  if (outcome === 'no-user') throw notFound(apiErrors.userNotFound);
  // SPEC §8 answers following oneself with 404.
  if (outcome === 'self') throw notFound(apiErrors.cannotFollowSelf);
  if (outcome === 'already-following') throw badRequest(apiErrors.alreadyFollowing);
  const followee = await findUserByPublicId(ctx.db, params.userId);
  if (followee) await notify(ctx, { recipientId: followee.id, actorId: user.id, type: 'follow' }, request.log);
  return followAnswer(ctx, minimal, user.id, params.userId);
};
