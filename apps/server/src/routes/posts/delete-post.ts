import { apiErrors } from '@spotter/contract';
import { badRequest, notFound } from '../../errors';
import type { Handler } from '../../http/add-route';
import { removeMedia } from '../../media/remove';
import { allPosts, findPostRow, deletePost as removePost } from '../../queries/posts';

export const deletePost: Handler<'deletePost'> = async ({ params, user, minimal, request }, ctx) => {
  const post = await findPostRow(ctx.db, params.postId);
  if (!post) throw notFound(apiErrors.postNotFound);
  if (post.author_id !== user.id) throw badRequest(apiErrors.cannotDeletePost);
  await removeMedia(ctx, await removePost(ctx.db, post.id), request.log);
  return minimal ? { deletedPostId: post.public_id } : { posts: await allPosts(ctx.db) };
};
