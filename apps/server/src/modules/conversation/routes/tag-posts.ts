import type { Handler } from '../../../http/add-route';
import { pageRequest } from '../../../paging/page-request';
import { pageAnswer } from '../../posts';
import { tagPage } from '../queries/tags';

export const tagPosts: Handler<'tagPosts'> = async ({ params, query, user }, ctx) =>
  pageAnswer(await tagPage(ctx.db, user?.id, params.tag, pageRequest(query)));
