import { apiErrors } from '@spotter/contract';
import { HttpError } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { isDemoGuest } from '../../../seed/seed';
import { hashPassword, verifyPassword } from '../password';
import { recordSecurityEvent } from '../queries/security-log';
import { endOtherSessions } from '../queries/sessions';
import { changePasswordHash } from '../queries/users';
import { currentSessionKey, identityChanged, signedInRow } from '../require-user';
import { openSession, sessionOrigin } from '../session-token';

/**
 * A wrong current password is a 400, not a 401: the token itself is fine. Changing the password
 * retires every earlier token and ends every other session; the answer carries a fresh token in the
 * same session.
 */
export const changePassword: Handler<'changePassword'> = async ({ body, user, request }, ctx) => {
  if (isDemoGuest(user.public_id)) throw new HttpError(403, [apiErrors.demoGuestPassword]);
  const row = await signedInRow(ctx.db, user);
  // Another change won the race since this token was checked: the token is what is refused now,
  // not the password it knew (which the winner replaced).
  if (row.token_version !== user.token_version) throw new HttpError(401, [apiErrors.invalidToken]);
  if (!(await verifyPassword(row.password_hash, body.currentPassword))) {
    throw new HttpError(400, [apiErrors.wrongPassword]);
  }
  const ver = await changePasswordHash(ctx.db, user.id, await hashPassword(body.newPassword), user.token_version);
  if (ver === undefined) throw new HttpError(401, [apiErrors.invalidToken]);
  const origin = sessionOrigin(request);
  const current = currentSessionKey(request);
  await endOtherSessions(ctx.db, user.id, current);
  identityChanged(ctx, user.id);
  const claims = await request.identity();
  // The session that changed it goes on (its streams too); a token from before sessions keeps none.
  const kept = current !== undefined ? claims?.sid : undefined;
  await ctx.notifications.endStreams(user.id, { ...(kept ? { except: kept } : {}), reason: 'password_changed' });
  await recordSecurityEvent(ctx.db, user.id, 'password-changed', origin);
  const sid = current !== undefined && claims?.sid ? claims.sid : await openSession(ctx, user.id, origin);
  return { encodedToken: await ctx.tokens.sign({ _id: user.public_id, username: user.username, ver, sid }) };
};
