import type { Handler } from '../../../http/add-route';
import { pageRequest } from '../../../paging/page-request';
import { pageAnswer, reactedPage } from '../../posts';

export const bookmarkedPosts: Handler<'bookmarkedPosts'> = async ({ query, user }, ctx) =>
  pageAnswer(await reactedPage(ctx.db, user.id, 'bookmarks', pageRequest(query)));
