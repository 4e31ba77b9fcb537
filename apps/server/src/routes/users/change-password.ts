import { apiErrors } from '@spotter/contract';
import { hashPassword, verifyPassword } from '../../auth/password';
import { HttpError } from '../../errors';
import type { Handler } from '../../http/add-route';
import { changePasswordHash } from '../../queries/users';

/**
 * A wrong current password is a 400, not a 401: the token itself is fine. Changing the password
 * retires every earlier token; the answer carries a fresh one.
 */
export const changePassword: Handler<'changePassword'> = async ({ body, user }, ctx) => {
  if (!(await verifyPassword(user.password_hash, body.currentPassword))) {
    throw new HttpError(400, [apiErrors.wrongPassword]);
  }
  const ver = await changePasswordHash(ctx.db, user.id, await hashPassword(body.newPassword), user.token_version);
  if (ver === undefined) throw new HttpError(401, [apiErrors.invalidToken]);
  return { encodedToken: await ctx.tokens.sign({ _id: user.public_id, username: user.username, ver }) };
};
