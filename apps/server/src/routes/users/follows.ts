import { apiErrors, endpoints } from '@spotter/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../errors';
import { followUser, unfollowUser } from '../../queries/follows';
import { findUserById, toFullUsers } from '../../queries/users';
import { followMinimalAnswer } from '../answers';
import { addRoute } from '../define';

/** SPEC §7: both sides after the change, `user` (the signed-in one) and `followUser`. */
async function bothSides(ctx: AppContext, userId: string, otherId: string) {
  const [me, other] = await Promise.all([findUserById(ctx.db, userId), findUserById(ctx.db, otherId)]);
  if (!me || !other) throw notFound(apiErrors.userNotFound);
  const [user, followUser] = await toFullUsers(ctx.db, [me, other]);
  if (!user || !followUser) throw notFound(apiErrors.userNotFound);
  return { user, followUser };
}

export function followUserRoute(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, endpoints.followUser, async ({ params, user, minimal }) => {
    const outcome = await followUser(ctx.db, user.id, params.userId);
    if (outcome === 'no-user') throw notFound(apiErrors.userNotFound);
    // SPEC §8 answers following oneself with 404.
    if (outcome === 'self') throw notFound(apiErrors.cannotFollowSelf);
    if (outcome === 'already-following') throw badRequest(apiErrors.alreadyFollowing);
    return minimal ? followMinimalAnswer(ctx, user.id, params.userId) : bothSides(ctx, user.id, params.userId);
  });
}

export function unfollowUserRoute(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, endpoints.unfollowUser, async ({ params, user, minimal }) => {
    const outcome = await unfollowUser(ctx.db, user.id, params.userId);
    if (outcome === 'no-user') throw notFound(apiErrors.userNotFound);
    if (outcome === 'not-following') throw badRequest(apiErrors.notFollowing);
    return minimal ? followMinimalAnswer(ctx, user.id, params.userId) : bothSides(ctx, user.id, params.userId);
  });
}
