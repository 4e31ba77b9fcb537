import { apiErrors, endpoints } from '@spotter/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { pageAnswer, pageRequest } from '../../paging/page-request';
import { cardById } from '../../queries/cards';
import { reactedPage } from '../../queries/feeds';
import { homePage } from '../../queries/home-feed';
import { addRoute } from '../define';

/** The paged calls Spotter's own client uses instead of downloading every post. */
export function feedRoutes(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, endpoints.feed, async ({ query, user }) =>
    pageAnswer(await homePage(ctx.db, user, query.order ?? 'newest', pageRequest(query))),
  );
  addRoute(app, ctx, endpoints.likedPosts, async ({ query, user }) =>
    pageAnswer(await reactedPage(ctx.db, user.id, 'likes', pageRequest(query))),
  );
  addRoute(app, ctx, endpoints.bookmarkedPosts, async ({ query, user }) =>
    pageAnswer(await reactedPage(ctx.db, user.id, 'bookmarks', pageRequest(query))),
  );
  addRoute(app, ctx, endpoints.postCard, async ({ params, user }) => {
    const post = await cardById(ctx.db, params.postId, user?.id);
    if (!post) throw notFound(apiErrors.postNotFound);
    return { post };
  });
}
