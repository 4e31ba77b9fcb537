import { apiErrors } from '@spotter/contract';
import { notFound } from '../../errors';
import type { Handler } from '../../http/add-route';
import { toProfile } from '../../queries/profiles';
import { findVisibleUserByUsername } from '../../queries/users';

export const profile: Handler<'profile'> = async ({ params, user }, ctx) => {
  const row = await findVisibleUserByUsername(ctx.db, params.username, user?.id);
  if (!row) throw notFound(apiErrors.userNotFound);
  return { profile: await toProfile(ctx.db, row, user?.id) };
};
