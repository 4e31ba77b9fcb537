import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { createPostRoute } from './create-post';
import { deletePostRoute } from './delete-post';
import { editPostRoute } from './edit-post';
import { dislikePostRoute, likePostRoute } from './likes';
import { getPostRoute, listPostsRoute, postsByUserRoute } from './list-posts';

export function postRoutes(app: FastifyInstance, ctx: AppContext) {
  listPostsRoute(app, ctx);
  getPostRoute(app, ctx);
  postsByUserRoute(app, ctx);
  createPostRoute(app, ctx);
  editPostRoute(app, ctx);
  deletePostRoute(app, ctx);
  likePostRoute(app, ctx);
  dislikePostRoute(app, ctx);
}
