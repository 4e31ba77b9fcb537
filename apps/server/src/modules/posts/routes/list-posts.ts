import type { Handler } from '../../../http/add-route';
import { boundedList } from '../../../http/bounded-list';
import { isPaged, pageRequest } from '../../../paging/page-request';
import { pageAnswer } from '../post-answers';
import { explorePage } from '../queries/feeds';
import { allPosts } from '../queries/posts';

export const listPosts: Handler<'listPosts'> = async ({ query, user, reply }, ctx) => {
  if (!isPaged(query))
    return { posts: boundedList(reply, await allPosts(ctx.db, ctx.config.unpagedListMax, user?.id)) };
  return pageAnswer(await explorePage(ctx.db, user?.id, query.order ?? 'newest', pageRequest(query)));
};
