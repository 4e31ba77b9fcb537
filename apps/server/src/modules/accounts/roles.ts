import { apiErrors } from '@spotter/contract';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../errors';

/** Moderators and admins moderate. */
export const isModerator = (user: Pick<UserRow, 'role'> | undefined): boolean =>
  user?.role === 'moderator' || user?.role === 'admin';

/** Moderators and admins moderate; a member is answered 403. */
export function requireModerator(user: Pick<UserRow, 'role'>): void {
  if (!isModerator(user)) throw new HttpError(403, [apiErrors.moderatorsOnly]);
}

/** Only admins grant and revoke moderator. */
export function requireAdmin(user: Pick<UserRow, 'role'>): void {
  if (user.role !== 'admin') throw new HttpError(403, [apiErrors.adminsOnly]);
}
