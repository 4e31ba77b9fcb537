import { apiErrors } from '@spotter/contract';
import { badRequest, notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { findUserById, findUserByPublicId, requireModerator } from '../../accounts';
import { aboutAccount, publishUnreadCountsAbout } from '../../notifications';
import { toModeratedUser, unsuspend } from '../queries/moderation';

/** POST /api/admin/users/:userId/unsuspend: the person may log in again (audited). */
export const unsuspendUser: Handler<'unsuspendUser'> = async ({ params, user, request }, ctx) => {
  requireModerator(user);
  const target = await findUserByPublicId(ctx.db, params.userId);
  if (!target) throw notFound(apiErrors.userNotFound);
  if (target.suspended_at === null) throw badRequest(apiErrors.notSuspended);
  await unsuspend(ctx.db, target.id, user.id);
  // What they caused, and what is about their posts and comments, is shown (and counted) again.
  await publishUnreadCountsAbout(ctx, aboutAccount(target.id), request.log, target.id);
  const after = await findUserById(ctx.db, target.id);
  if (!after) throw notFound(apiErrors.userNotFound);
  return { user: toModeratedUser(after) };
};
