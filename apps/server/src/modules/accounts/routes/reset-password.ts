import { apiErrors } from '@spotter/contract';
import { badRequest } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { hashPassword } from '../password';
import { redeemResetToken } from '../queries/password-resets';
import { identityChanged } from '../require-user';

/**
 * POST /api/auth/reset-password: sets a new password with a recovery link's token, once. Every
 * earlier token of the account stops working (its version rises, its sessions end, their open
 * streams end on every server); the person then logs in with the new password.
 */
export const resetPassword: Handler<'resetPassword'> = async ({ body }, ctx) => {
  const userId = await redeemResetToken(ctx.db, body.token, () => hashPassword(body.newPassword));
  if (userId === undefined) throw badRequest(apiErrors.resetLinkInvalid);
  identityChanged(ctx, userId);
  await ctx.notifications.endStreams(userId, { reason: 'password_changed' });
  return { passwordReset: true };
};
