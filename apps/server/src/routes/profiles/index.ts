import { apiErrors, endpoints, suggestionsDefaultLimit, userSearchLimit } from '@spotter/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { toProfile } from '../../queries/profiles';
import { searchUsers } from '../../queries/search';
import { suggestUsers } from '../../queries/suggestions';
import { findUserByUsername } from '../../queries/users';
import { addRoute } from '../define';

export function profileRoutes(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, endpoints.me, async ({ user }) => ({ profile: await toProfile(ctx.db, user, user.id) }));
  addRoute(app, ctx, endpoints.profile, async ({ params, user }) => {
    const row = await findUserByUsername(ctx.db, params.username);
    if (!row) throw notFound(apiErrors.userNotFound);
    return { profile: await toProfile(ctx.db, row, user?.id) };
  });
  addRoute(app, ctx, endpoints.searchUsers, async ({ query }) => ({
    users: await searchUsers(ctx.db, query.q, userSearchLimit),
  }));
  addRoute(app, ctx, endpoints.suggestions, async ({ query, user }) => ({
    users: await suggestUsers(ctx.db, user.id, query.limit ?? suggestionsDefaultLimit),
  }));
}
