import { apiErrors } from '@spotter/contract';
import { notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { findVisibleUserByPublicId, fullUser } from '../queries/users';

export const getUser: Handler<'getUser'> = async ({ params, user }, ctx) => {
  const row = await findVisibleUserByPublicId(ctx.db, params.userId, user?.id);
  if (!row) throw notFound(apiErrors.userNotFound);
  return { user: await fullUser(ctx.db, row, user?.id) };
};
