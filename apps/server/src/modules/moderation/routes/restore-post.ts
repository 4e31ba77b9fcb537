import { apiErrors } from '@spotter/contract';
import { HttpError, notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { findUserById, requireModerator, toUserSummary } from '../../accounts';
import { aboutPost, publishUnreadCountsAbout } from '../../notifications';
import { findPostRow } from '../../posts';
import { restoreContent } from '../queries/moderation';

/**
 * POST /api/admin/posts/:postId/restore: a post the moderators removed is seen again by whoever the
 * rule lets see it and counts again in its author's post count (decision 048); audited. A post that
 * is not removed is answered 409 and nothing changes.
 */
export const restorePost: Handler<'restorePost'> = async ({ params, user, request }, ctx) => {
  requireModerator(user);
  const post = await findPostRow(ctx.db, params.postId);
  if (!post) throw notFound(apiErrors.postNotFound);
  const content = { type: 'post', id: post.id, publicId: post.public_id, authorId: post.author_id } as const;
  // Only a row still removed changes (restoreContent): one that is not is answered 409, unchanged.
  if ((await restoreContent(ctx.db, content, user.id)) === 'not-removed') {
    throw new HttpError(409, [apiErrors.notRemoved]);
  }
  // What it was about counts again for whoever had it unread.
  await publishUnreadCountsAbout(ctx, [aboutPost(post.id)], request.log);
  const author = await findUserById(ctx.db, post.author_id);
  if (!author) throw notFound(apiErrors.postNotFound);
  return { restored: { type: 'post', _id: post.public_id, postId: post.public_id, author: toUserSummary(author) } };
};
