import { apiErrors } from '@spotter/contract';
import { notFound } from '../../errors';
import type { Handler } from '../../http/add-route';
import { findUserByPublicId, fullUser } from '../../queries/users';

export const getUser: Handler<'getUser'> = async ({ params, user }, ctx) => {
  const row = await findUserByPublicId(ctx.db, params.userId);
  if (!row) throw notFound(apiErrors.userNotFound);
  return { user: await fullUser(ctx.db, row, user?.id) };
};
