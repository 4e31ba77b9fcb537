import { apiErrors } from '@spotter/contract';
import { HttpError, notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { findUserById, findUserByPublicId, identityChanged, requireAdmin } from '../../accounts';
import { setRole as storeRole, toModeratedUser } from '../queries/moderation';

/**
 * POST /api/admin/users/:userId/role: an admin makes a person a moderator, or a member again.
 * Admin itself is granted and revoked from the command line only (`npm run admin`).
 */
export const setRole: Handler<'setRole'> = async ({ params, body, user }, ctx) => {
  requireAdmin(user);
  const target = await findUserByPublicId(ctx.db, params.userId);
  if (!target) throw notFound(apiErrors.userNotFound);
  if (target.role === 'admin') throw new HttpError(403, [apiErrors.cannotChangeAdmin]);
  if (target.role !== body.role) {
    await storeRole(ctx.db, target.id, body.role, user.id);
    identityChanged(ctx, target.id);
  }
  const after = await findUserById(ctx.db, target.id);
  if (!after) throw notFound(apiErrors.userNotFound);
  return { user: toModeratedUser(after) };
};
