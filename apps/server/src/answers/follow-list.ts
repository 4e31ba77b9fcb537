import { apiErrors, type PageQuery, pageLimits, type UserPage } from '@spotter/contract';
import type { AppContext } from '../context';
import type { Key } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { decodeCursor, encodeCursor } from '../paging/cursor';
import { type FollowSide, followPage } from '../queries/follow-lists';
import { findVisibleUserByUsername } from '../queries/users';

/** The followers or following page of the person named in the URL; 404 when there is no such person. */
export async function followListAnswer(
  ctx: AppContext,
  username: string,
  side: FollowSide,
  query: PageQuery,
  viewerId: Key | undefined,
): Promise<UserPage> {
  const person = await findVisibleUserByUsername(ctx.db, username, viewerId);
  if (!person) throw notFound(apiErrors.userNotFound);
  const after = decodeCursor(query.cursor);
  // PostgreSQL has no year 0: a forged cursor of that year would fail the query (a 500), not match nothing.
  if (after && after.t < '0001') throw badRequest('cursor: is not a cursor this server gave out');
  const page = await followPage(ctx.db, person.id, side, query.limit ?? pageLimits.default, after, viewerId);
  return { users: page.users, nextCursor: page.next ? encodeCursor(page.next) : null };
}
