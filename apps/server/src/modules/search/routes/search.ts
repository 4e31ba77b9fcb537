import { pageLimits, searchMaxResults } from '@spotter/contract';
import type { Handler } from '../../../http/add-route';
import { pageRequest } from '../../../paging/page-request';
import { searchUsers } from '../../accounts';
import { tagsStartingWith } from '../../conversation';
import { pageAnswer } from '../../posts';
import { decodeOffset, offsetPage } from '../offset-cursor';
import { postSearchPage } from '../queries/post-search';

/** A tag searched for as written in a post (`#LegDay`) or without its `#`. */
const tagPrefix = (q: string) => q.trim().replace(/^#/, '').toLowerCase();

export const search: Handler<'search'> = async ({ query, user }, ctx) => {
  const viewer = user?.id;
  if (query.type === 'posts') {
    return { type: 'posts', ...pageAnswer(await postSearchPage(ctx.db, viewer, query.q, pageRequest(query))) };
  }
  const offset = decodeOffset(query.cursor);
  // Never past the end of the list: the last page is cut there.
  const limit = Math.min(query.limit ?? pageLimits.default, searchMaxResults - offset);
  if (query.type === 'tags') {
    const prefix = tagPrefix(query.q);
    const rows = /^[\p{L}\p{N}_]+$/u.test(prefix)
      ? await tagsStartingWith(ctx.db, viewer, prefix, limit + 1, offset)
      : [];
    const page = offsetPage(rows, limit, offset);
    return { type: 'tags', tags: page.items, nextCursor: page.nextCursor };
  }
  const page = offsetPage(await searchUsers(ctx.db, query.q, limit + 1, viewer, offset), limit, offset);
  return { type: 'people', users: page.items, nextCursor: page.nextCursor };
};
