import { apiErrors } from '@spotter/contract';
import { verifyPassword } from '../../auth/password';
import { HttpError } from '../../errors';
import type { Handler } from '../../http/add-route';
import { findUserByUsername, fullUser } from '../../queries/users';

export const login: Handler<'login'> = async ({ body }, ctx) => {
  const user = await findUserByUsername(ctx.db, body.username);
  if (!user) throw new HttpError(404, [apiErrors.usernameNotRegistered]);
  if (!(await verifyPassword(user.password_hash, body.password))) {
    throw new HttpError(401, [apiErrors.invalidCredentials]);
  }
  const encodedToken = await ctx.tokens.sign({ _id: user.public_id, username: user.username, ver: user.token_version });
  return { foundUser: await fullUser(ctx.db, user, user.id), encodedToken };
};
