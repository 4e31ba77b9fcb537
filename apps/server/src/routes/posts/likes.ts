import { apiErrors, endpoints } from '@spotter/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../errors';
import { dislikePost, likePost } from '../../queries/likes';
import { postMutationAnswer } from '../answers';
import { addRoute } from '../define';

export function likePostRoute(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, endpoints.likePost, async ({ params, user, minimal }) => {
    const outcome = await likePost(ctx.db, params.postId, user.id);
    if (outcome === 'no-post') throw notFound(apiErrors.postNotFound);
    if (outcome === 'already-liked') throw badRequest(apiErrors.alreadyLiked);
    return postMutationAnswer(ctx, minimal, params.postId, user.id);
  });
}

const dislikeRefusals = {
  'below-zero': apiErrors.likeBelowZero,
  'already-disliked': apiErrors.alreadyDisliked,
  'not-liked': apiErrors.dislikeNotLiked,
} as const;

export function dislikePostRoute(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, endpoints.dislikePost, async ({ params, user, minimal }) => {
    const outcome = await dislikePost(ctx.db, params.postId, user.id);
    if (outcome === 'no-post') throw notFound(apiErrors.postNotFound);
    if (outcome !== 'disliked') throw badRequest(dislikeRefusals[outcome]);
    return postMutationAnswer(ctx, minimal, params.postId, user.id);
  });
}
