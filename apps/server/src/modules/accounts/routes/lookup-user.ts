import { apiErrors } from '@spotter/contract';
import { notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { findUserById, findVisibleUserByPublicId, fullUser } from '../queries/users';

/**
 * Someone by `name@host` (issue 49): resolved by federation (WebFinger and their actor) and stored
 * as a remote user, then answered as GET /api/users/:userId answers. Not found, or someone the viewer
 * may not see (a block either way, suspended): 404.
 */
export const lookupUser: Handler<'lookupUser'> = async ({ query, user }, ctx) => {
  if (!ctx.outbox) throw notFound(apiErrors.federationOff);
  const id = await ctx.outbox.lookUp(query.acct);
  const found = id === undefined ? undefined : await findUserById(ctx.db, id);
  const row = found && (await findVisibleUserByPublicId(ctx.db, found.public_id, user.id));
  if (!row) throw notFound(apiErrors.remoteUserNotFound);
  return { user: await fullUser(ctx.db, row, user.id) };
};
