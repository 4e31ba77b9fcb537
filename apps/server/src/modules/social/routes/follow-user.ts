import { apiErrors } from '@spotter/contract';
import { badRequest, notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { erasedMeanwhile, findVisibleUserByPublicId } from '../../accounts';
import { notificationsOfAction } from '../../notifications';
import { followAnswer } from '../follow-answers';
import { followUser as follow } from '../queries/follows';

export const followUser: Handler<'followUser'> = async ({ params, user, minimal, request }, ctx) => {
  // Someone on the other side of a block (or suspended) is not found, as everywhere else.
  if (!(await findVisibleUserByPublicId(ctx.db, params.userId, user.id))) throw notFound(apiErrors.userNotFound);
  // The followee's notification is recorded in the follow's own transaction, under a savepoint.
  const told = notificationsOfAction(ctx);
  const outcome = await follow(ctx.db, user.id, params.userId, ctx.config.homeTimeline.length, (trx, followeeId) =>
    told.record(trx, { kind: 'follow', actorId: user.id, followeeId }),
  );
  if (outcome === 'no-user') throw notFound(apiErrors.userNotFound);
  if (outcome === 'no-actor') throw erasedMeanwhile();
  // SPEC §8 answers following oneself with 404.
  if (outcome === 'self') throw notFound(apiErrors.cannotFollowSelf);
  if (outcome === 'already-following') throw badRequest(apiErrors.alreadyFollowing);
  await told.publish(request.log);
  return followAnswer(ctx, minimal, user.id, params.userId);
};
