import { apiErrors } from '@spotter/contract';
import { requireModerator } from '../../auth/roles';
import { badRequest, notFound } from '../../errors';
import type { Handler } from '../../http/add-route';
import { toModeratedUser, unsuspend } from '../../queries/moderation';
import { findUserById, findUserByPublicId } from '../../queries/users';

/** POST /api/admin/users/:userId/unsuspend: the person may log in again (audited). */
export const unsuspendUser: Handler<'unsuspendUser'> = async ({ params, user }, ctx) => {
  requireModerator(user);
  const target = await findUserByPublicId(ctx.db, params.userId);
  if (!target) throw notFound(apiErrors.userNotFound);
  if (target.suspended_at === null) throw badRequest(apiErrors.notSuspended);
  await unsuspend(ctx.db, target.id, user.id);
  const after = await findUserById(ctx.db, target.id);
  if (!after) throw notFound(apiErrors.userNotFound);
  return { user: toModeratedUser(after) };
};
