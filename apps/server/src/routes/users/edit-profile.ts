import { apiErrors, endpoints } from '@spotter/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { toProfile } from '../../queries/profiles';
import { findUserById, fullUser, updateProfile } from '../../queries/users';
import { addRoute } from '../define';

export function editProfileRoute(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, endpoints.editProfile, async ({ body, user, minimal }) => {
    const { username, ...changes } = body.userData;
    // SPEC §8 answers a username change with 404.
    if (username !== undefined && username !== user.username) throw notFound(apiErrors.usernameCannotChange);
    await updateProfile(ctx.db, user.id, changes);
    const updated = await findUserById(ctx.db, user.id);
    if (!updated) throw notFound(apiErrors.usernameNotRegistered);
    if (minimal) return { profile: await toProfile(ctx.db, updated, user.id) };
    return { user: await fullUser(ctx.db, updated) };
  });
}
