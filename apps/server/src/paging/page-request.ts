import { type PageQuery, pageLimits, type UserPage } from '@spotter/contract';
import type { Page, PageRequest } from '../modules/posts';
import type { UserPageRows } from '../modules/social';
import { decodeCursor, encodeCursor } from './cursor';

/** A list call is paged as soon as it names a limit or a cursor; without either it keeps the spec's answer. */
export const isPaged = (query: PageQuery) => query.limit !== undefined || query.cursor !== undefined;

export const pageRequest = (query: PageQuery): PageRequest => ({
  limit: query.limit ?? pageLimits.default,
  after: decodeCursor(query.cursor),
});

export const pageAnswer = (page: Page) => ({
  posts: page.posts,
  nextCursor: page.next ? encodeCursor(page.next) : null,
});

/** A page of people (followers, following, blocked, muted) as the API answers it. */
export const userPageAnswer = (page: UserPageRows): UserPage => ({
  users: page.users,
  nextCursor: page.next ? encodeCursor(page.next) : null,
});
