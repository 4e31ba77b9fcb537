import { apiErrors } from '@spotter/contract';
import { HttpError } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { isDemoGuest } from '../../../seed/seed';
import { publishUnreadCounts } from '../../notifications';
import { verifyPassword } from '../password';
import { eraseAccount } from '../queries/account-erasure';
import { identityChanged, signedInRow } from '../require-user';

/**
 * Erases the signed-in account (issue 16, decision 037) once its password is given again: a wrong
 * one is a 400 and changes nothing. The demo guest cannot leave the demo (issue 17). Rows go in one
 * transaction, then the person's open notification streams close on every server, the others whose
 * unread entries went with them hear their new count, then their files
 * leave the media store (one that cannot be deleted now is left to the media sweep). Their tokens
 * stop working with their sessions, which the rows took along.
 */
export const deleteAccount: Handler<'deleteAccount'> = async ({ body, user, request }, ctx) => {
  if (isDemoGuest(user.public_id)) throw new HttpError(403, [apiErrors.demoGuestDelete]);
  if (!(await verifyPassword((await signedInRow(ctx.db, user)).password_hash, body.password))) {
    throw new HttpError(400, [apiErrors.wrongPasswordToDelete]);
  }
  const erased = await eraseAccount(ctx.db, user.id);
  if (erased === undefined) throw new HttpError(404, [apiErrors.usernameNotRegistered]);
  identityChanged(ctx, user.id);
  await ctx.notifications.endStreams(user.id);
  await publishUnreadCounts(ctx, erased.toldOf, request.log);
  for (const key of erased.mediaKeys) {
    try {
      await ctx.mediaStore.delete(key);
    } catch (error) {
      request.log.warn({ err: error, key }, 'could not delete a media file of an erased account; the sweep will');
    }
  }
  request.log.info({ userId: user.public_id }, 'account erased');
  return { deleted: true };
};
