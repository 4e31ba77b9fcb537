import { apiErrors, type PageQuery, type UserPage } from '@spotter/contract';
import type { AppContext } from '../context';
import type { Key } from '../db/schema';
import { notFound } from '../errors';
import { pageRequest, userPageAnswer } from '../paging/page-request';
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
  // The shared decoder refuses a year-0 cursor (PostgreSQL has no year 0) with the other forged ones.
  const { limit, after } = pageRequest(query);
  return userPageAnswer(await followPage(ctx.db, person.id, side, limit, after, viewerId));
}
