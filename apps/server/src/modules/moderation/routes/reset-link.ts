import { apiErrors } from '@spotter/contract';
import { HttpError, notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { findUserByPublicId, makeResetLink, requireModerator } from '../../accounts';
import { recordModeratorAction } from '../queries/moderation';

/**
 * POST /api/admin/users/:userId/reset-link: a one-time, one-hour recovery link a moderator hands
 * to the person (there is no email). A moderator may make one for a member; a moderator's only an
 * admin; an admin's only the command line, so no moderator can take over a higher account.
 */
export const resetLink: Handler<'resetLink'> = async ({ params, user }, ctx) => {
  requireModerator(user);
  const target = await findUserByPublicId(ctx.db, params.userId);
  if (!target) throw notFound(apiErrors.userNotFound);
  if (target.role === 'admin' || (target.role === 'moderator' && user.role !== 'admin')) {
    throw new HttpError(403, [apiErrors.cannotResetStaff]);
  }
  const link = await makeResetLink(ctx.db, ctx.config, target.id);
  await recordModeratorAction(ctx.db.kysely, { action: 'reset_link', moderatorId: user.id, subjectId: target.id });
  return { link };
};
