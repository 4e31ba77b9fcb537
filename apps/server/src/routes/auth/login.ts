import { apiErrors, endpoints } from '@spotter/contract';
import type { FastifyInstance } from 'fastify';
import { verifyPassword } from '../../auth/password';
import type { AppContext } from '../../context';
import { HttpError } from '../../errors';
import { findUserByUsername, fullUser } from '../../queries/users';
import { addRoute } from '../define';

export function loginRoute(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, endpoints.login, async ({ body }) => {
    const user = await findUserByUsername(ctx.db, body.username);
    if (!user) throw new HttpError(404, [apiErrors.usernameNotRegistered]);
    if (!(await verifyPassword(user.password_hash, body.password))) {
      throw new HttpError(401, [apiErrors.invalidCredentials]);
    }
    const encodedToken = await ctx.tokens.sign({ _id: user.id, username: user.username, ver: user.token_version });
    return { foundUser: await fullUser(ctx.db, user), encodedToken };
  });
}
