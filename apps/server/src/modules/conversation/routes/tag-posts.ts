import type { Handler } from '../../../http/add-route';
import { pageAnswer, pageRequest } from '../../../paging/page-request';
import { tagPage } from '../queries/tags';

export const tagPosts: Handler<'tagPosts'> = async ({ params, query, user }, ctx) =>
  pageAnswer(await tagPage(ctx.db, user?.id, params.tag, pageRequest(query)));
