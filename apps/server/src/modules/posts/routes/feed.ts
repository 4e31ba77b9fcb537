import type { Handler } from '../../../http/add-route';
import { pageRequest } from '../../../paging/page-request';
import { pageAnswer } from '../post-answers';
import { homePage } from '../queries/home-feed';

/** The home feed: the signed-in person's posts and those of the people they follow, one page. */
export const feed: Handler<'feed'> = async ({ query, user }, ctx) =>
  pageAnswer(await homePage(ctx.db, user.id, query.order ?? 'newest', pageRequest(query)));
