import type { Handler } from '../../../http/add-route';
import { pageRequest } from '../../../paging/page-request';
import { pageAnswer, reactedPage } from '../../posts';

export const likedPosts: Handler<'likedPosts'> = async ({ query, user }, ctx) =>
  pageAnswer(await reactedPage(ctx.db, user.id, 'likes', pageRequest(query)));
