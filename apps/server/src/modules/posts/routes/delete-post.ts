import { apiErrors } from '@spotter/contract';
import { badRequest, notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { boundedList } from '../../../http/bounded-list';
import { removeMedia } from '../../media';
import { publishUnreadCounts } from '../../notifications';
import { allPosts, findPostRow, deletePost as removePost } from '../queries/posts';

export const deletePost: Handler<'deletePost'> = async ({ params, user, minimal, request, reply }, ctx) => {
  const post = await findPostRow(ctx.db, params.postId);
  if (!post) throw notFound(apiErrors.postNotFound);
  if (post.author_id !== user.id) throw badRequest(apiErrors.cannotDeletePost);
  const removed = await removePost(ctx.db, post.id);
  await publishUnreadCounts(ctx, removed.toldOf, request.log);
  await removeMedia(ctx, removed.detached, request.log);
  return minimal
    ? { deletedPostId: post.public_id }
    : { posts: boundedList(reply, await allPosts(ctx.db, ctx.config.unpagedListMax)) };
};
