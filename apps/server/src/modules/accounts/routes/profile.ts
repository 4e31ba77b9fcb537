import { apiErrors } from '@spotter/contract';
import { notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { toProfile } from '../queries/profiles';
import { findProfileUser } from '../queries/users';
import { isModerator } from '../roles';

/**
 * A profile header. A moderator also opens a suspended person's (with `suspendedAt`), the report
 * queue's link to the person (decision 048); everyone else gets 404 for them.
 */
export const profile: Handler<'profile'> = async ({ params, user }, ctx) => {
  const row = await findProfileUser(ctx.db, params.username, user?.id, isModerator(user));
  if (!row) throw notFound(apiErrors.userNotFound);
  return { profile: await toProfile(ctx.db, row, user?.id) };
};
