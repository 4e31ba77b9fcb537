import { apiErrors, endpoints } from '@spotter/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../errors';
import { removeMedia } from '../../media/remove';
import { allPosts, deletePost, findPostRow } from '../../queries/posts';
import { addRoute } from '../define';

export function deletePostRoute(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, endpoints.deletePost, async ({ params, user, minimal, request }) => {
    const post = await findPostRow(ctx.db, params.postId);
    if (!post) throw notFound(apiErrors.postNotFound);
    if (post.author_id !== user.id) throw badRequest(apiErrors.cannotDeletePost);
    await removeMedia(ctx, await deletePost(ctx.db, post.id), request.log);
    return minimal ? { deletedPostId: post.id } : { posts: await allPosts(ctx.db) };
  });
}
