import { apiErrors } from '@spotter/contract';
import { badRequest, HttpError } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { findUserByUsername, verifyPassword } from '../../accounts';
import { fileAppeal } from '../queries/suspensions';
import { stillSuspended } from '../suspension-end';

/**
 * POST /api/auth/appeal (issue 47): a suspended person, who holds no token, appeals their suspension
 * with their username and password as at login (same answers for an unknown name or a wrong
 * password, and the login's rate limits). One appeal per suspension: a second is a 409.
 */
export const appealSuspension: Handler<'appealSuspension'> = async ({ body, request }, ctx) => {
  const user = await findUserByUsername(ctx.db, body.username);
  if (!user) throw new HttpError(404, [apiErrors.usernameNotRegistered]);
  if (!(await verifyPassword(user.password_hash, body.password))) {
    throw new HttpError(401, [apiErrors.invalidCredentials]);
  }
  if (user.suspended_at === null || !(await stillSuspended(ctx, user, request.log))) {
    throw badRequest(apiErrors.notSuspended);
  }
  const appeal = await fileAppeal(ctx.db, { id: user.id, suspendedAt: user.suspended_at }, body.message);
  if (appeal === 'already') throw new HttpError(409, [apiErrors.appealAlreadySent]);
  return { appeal };
};
