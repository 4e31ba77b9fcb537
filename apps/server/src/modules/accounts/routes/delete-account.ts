import { apiErrors } from '@spotter/contract';
import { HttpError } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { isDemoGuest } from '../../../seed/seed';
import { erasePerson } from '../../erasure';
import { verifyPassword } from '../password';
import { signedInRow } from '../require-user';

/**
 * Erases the signed-in account (issue 16, decision 037) once its password is given again: a wrong
 * one is a 400 and changes nothing. The demo guest cannot leave the demo (issue 17). Rows go in one
 * transaction, then the person's open notification streams close on every server, the others whose
 * unread entries went with them hear their new count, then their files
 * leave the media store (erase-person.ts). Their tokens
 * stop working with their sessions, which the rows took along.
 */
export const deleteAccount: Handler<'deleteAccount'> = async ({ body, user, request }, ctx) => {
  if (isDemoGuest(user.public_id)) throw new HttpError(403, [apiErrors.demoGuestDelete]);
  if (!(await verifyPassword((await signedInRow(ctx.db, user)).password_hash, body.password))) {
    throw new HttpError(400, [apiErrors.wrongPasswordToDelete]);
  }
  if (!(await erasePerson(ctx, user.id, request.log))) throw new HttpError(404, [apiErrors.usernameNotRegistered]);
  request.log.info({ userId: user.public_id }, 'account erased');
  return { deleted: true };
};
