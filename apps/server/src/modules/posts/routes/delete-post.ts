import { apiErrors } from '@spotter/contract';
import { badRequest, notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { boundedList } from '../../../http/bounded-list';
import { deleteOwnPost } from '../delete-action';
import { allPosts } from '../queries/posts';

export const deletePost: Handler<'deletePost'> = async ({ params, user, minimal, request, reply }, ctx) => {
  const outcome = await deleteOwnPost(ctx, user.id, params.postId, request.log);
  if (outcome === 'no-post') throw notFound(apiErrors.postNotFound);
  if (outcome === 'not-own') throw badRequest(apiErrors.cannotDeletePost);
  return minimal
    ? { deletedPostId: params.postId }
    : { posts: boundedList(reply, await allPosts(ctx.db, ctx.config.unpagedListMax)) };
};
