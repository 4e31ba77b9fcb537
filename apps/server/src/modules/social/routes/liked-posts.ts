import type { Handler } from '../../../http/add-route';
import { pageAnswer, pageRequest } from '../../../paging/page-request';
import { reactedPage } from '../../posts';

export const likedPosts: Handler<'likedPosts'> = async ({ query, user }, ctx) =>
  pageAnswer(await reactedPage(ctx.db, user.id, 'likes', pageRequest(query)));
