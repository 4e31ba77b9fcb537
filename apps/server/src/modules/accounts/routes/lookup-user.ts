import { apiErrors } from '@spotter/contract';
import { notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { findUserById, findUserByUsername, findVisibleUserByPublicId, fullUser } from '../queries/users';

/**
 * Someone by `name@host` (issue 49), answered as GET /api/users/:userId answers: someone here when
 * the host is this server's (PUBLIC_URL), else resolved by federation (WebFinger and their actor) and
 * stored as a remote user. Nobody there, or someone the viewer may not see (a block either way,
 * suspended): 404.
 */
export const lookupUser: Handler<'lookupUser'> = async ({ query, user }, ctx) => {
  const at = query.acct.lastIndexOf('@');
  const host = query.acct.slice(at + 1).toLowerCase();
  const here = ctx.config.publicOrigin !== undefined && new URL(ctx.config.publicOrigin).host === host;
  let found: { public_id: string } | undefined;
  if (here) found = await findUserByUsername(ctx.db, query.acct.slice(0, at));
  else if (!ctx.outbox) throw notFound(apiErrors.federationOff);
  else {
    const id = await ctx.outbox.lookUp(query.acct);
    found = id === undefined ? undefined : await findUserById(ctx.db, id);
  }
  const row = found && (await findVisibleUserByPublicId(ctx.db, found.public_id, user.id));
  if (!row) throw notFound(apiErrors.remoteUserNotFound);
  return { user: await fullUser(ctx.db, row, user.id) };
};
