import { apiErrors, endpoints } from '@spotter/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { findUserById, fullUser } from '../../queries/users';
import { addRoute } from '../define';

export function getUserRoute(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, endpoints.getUser, async ({ params }) => {
    const row = await findUserById(ctx.db, params.userId);
    if (!row) throw notFound(apiErrors.userNotFound);
    return { user: await fullUser(ctx.db, row) };
  });
}
