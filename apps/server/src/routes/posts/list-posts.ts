import { apiErrors, endpoints } from '@spotter/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { isPaged, pageAnswer, pageRequest } from '../../paging/page-request';
import { authorPage, explorePage } from '../../queries/feeds';
import { allPosts, postById, postsByUsername } from '../../queries/posts';
import { findUserByUsername } from '../../queries/users';
import { addRoute } from '../define';

export function listPostsRoute(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, endpoints.listPosts, async ({ query, user }) => {
    if (!isPaged(query)) return { posts: await allPosts(ctx.db) };
    return pageAnswer(await explorePage(ctx.db, user?.id, query.order ?? 'newest', pageRequest(query)));
  });
}

export function getPostRoute(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, endpoints.getPost, async ({ params }) => {
    const post = await postById(ctx.db, params.postId);
    if (!post) throw notFound(apiErrors.postNotFound);
    return { post };
  });
}

export function postsByUserRoute(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, endpoints.postsByUser, async ({ params, query, user }) => {
    if (!isPaged(query)) return { posts: await postsByUsername(ctx.db, params.username) };
    const author = await findUserByUsername(ctx.db, params.username);
    if (!author) throw notFound(apiErrors.userNotFound);
    return pageAnswer(await authorPage(ctx.db, user?.id, author.id, pageRequest(query)));
  });
}
