import { apiErrors } from '@spotter/contract';
import { notFound } from '../../errors';
import type { Handler } from '../../http/add-route';
import { toProfile } from '../../queries/profiles';
import { findUserByUsername } from '../../queries/users';

export const profile: Handler<'profile'> = async ({ params, user }, ctx) => {
  const row = await findUserByUsername(ctx.db, params.username);
  if (!row) throw notFound(apiErrors.userNotFound);
  return { profile: await toProfile(ctx.db, row, user?.id) };
};
