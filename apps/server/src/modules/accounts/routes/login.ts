import { apiErrors } from '@spotter/contract';
import { HttpError } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { stillSuspended, suspensionOf } from '../../moderation';
import { hashPassword, needsRehash, verifyPassword } from '../password';
import { recordSecurityEvent } from '../queries/security-log';
import { findUserByUsername, fullUser, replacePasswordHash } from '../queries/users';
import { requireSecondFactor } from '../second-factor';
import { issueToken, sessionOrigin } from '../session-token';

/**
 * A suspended account cannot log in: 403 with a sentence (issue 16).
 * A wrong password is written to the account's security log (GET /api/users/me/security-log).
 * With two-factor sign-in on, the right password also needs a code (second-factor.ts). */
export const login: Handler<'login'> = async ({ body, request }, ctx) => {
  const user = await findUserByUsername(ctx.db, body.username);
  if (!user) throw new HttpError(404, [apiErrors.usernameNotRegistered]);
  if (!(await verifyPassword(user.password_hash, body.password))) {
    await recordSecurityEvent(ctx.db, user.id, 'login-failed', sessionOrigin(request));
    throw new HttpError(401, [apiErrors.invalidCredentials]);
  }
  // After the password: a stranger does not learn that an account is suspended. The spec's sentence
  // stays; beside it the person is told why, since when, until when and whether they appealed
  // (issue 47). A suspension whose time is up ends here.
  if (await stillSuspended(ctx, user, request.log)) {
    const suspension = await suspensionOf(ctx.db, user.id);
    throw new HttpError(403, [apiErrors.accountSuspended], {}, suspension ? { suspension } : {});
  }
  await requireSecondFactor(ctx, user.id, body.code, request);
  if (needsRehash(user.password_hash)) {
    await replacePasswordHash(ctx.db, user.id, user.password_hash, await hashPassword(body.password));
  }
  const encodedToken = await issueToken(ctx, user, request);
  return { foundUser: await fullUser(ctx.db, user, user.id), encodedToken };
};
