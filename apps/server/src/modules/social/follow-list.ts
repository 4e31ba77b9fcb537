import { apiErrors, type PageQuery, type UserPage } from '@spotter/contract';
import type { AppContext } from '../../context';
import type { SignedInUser } from '../../db/schema';
import { notFound } from '../../errors';
import { encodeCursor } from '../../paging/cursor';
import { pageRequest } from '../../paging/page-request';
import { findProfileUser, isModerator } from '../accounts';
import { type FollowSide, followPage, type UserPageRows } from './queries/follow-lists';

/**
 * The followers or following page of the person named in the URL; 404 when there is no such person
 * or the viewer may not see them (a moderator also opens a suspended person's: decision 048).
 */
export async function followListAnswer(
  ctx: AppContext,
  username: string,
  side: FollowSide,
  query: PageQuery,
  viewer: SignedInUser | undefined,
): Promise<UserPage> {
  const viewerId = viewer?.id;
  const person = await findProfileUser(ctx.db, username, viewerId, isModerator(viewer));
  if (!person) throw notFound(apiErrors.userNotFound);
  // The shared decoder refuses a year-0 cursor (PostgreSQL has no year 0) with the other forged ones.
  const { limit, after } = pageRequest(query);
  return userPageAnswer(await followPage(ctx.db, person.id, side, limit, after, viewerId));
}

/** A page of people (followers, following, blocked, muted) as the API answers it. */
export const userPageAnswer = (page: UserPageRows): UserPage => ({
  users: page.users,
  nextCursor: page.next ? encodeCursor(page.next) : null,
});
