import { apiErrors } from '@spotter/contract';
import { HttpError, notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { findUserById, requireModerator, toUserSummary } from '../../accounts';
import { findCommentForModeration, indexCommentTags } from '../../conversation';
import { aboutComment, publishUnreadCountsAbout } from '../../notifications';
import { restoreContent } from '../queries/moderation';

/**
 * POST /api/admin/comments/:commentId/restore: a comment the moderators removed is back in its
 * thread, in its post's comment count (unless its author is suspended) and under its hashtags again
 * (decision 048); audited. A comment that is not removed is answered 409 and nothing changes.
 */
export const restoreComment: Handler<'restoreComment'> = async ({ params, user, request }, ctx) => {
  requireModerator(user);
  const comment = await findCommentForModeration(ctx.db, params.commentId);
  if (!comment) throw notFound(apiErrors.commentNotFound);
  const content = {
    type: 'comment',
    id: comment.id,
    publicId: comment.public_id,
    authorId: comment.author_id,
  } as const;
  // Only a row still removed changes (restoreContent): one that is not is answered 409, unchanged.
  if ((await restoreContent(ctx.db, content, user.id)) === 'not-removed') {
    throw new HttpError(409, [apiErrors.notRemoved]);
  }
  // What it was about counts again for whoever had it unread.
  await publishUnreadCountsAbout(ctx, [aboutComment(comment.id)], request.log);
  // Its removal took its hashtags off its post (decision 039); they list it again.
  await indexCommentTags(ctx, { id: comment.id, postId: comment.post_id, content: comment.content });
  const author = await findUserById(ctx.db, comment.author_id);
  if (!author) throw notFound(apiErrors.commentNotFound);
  return {
    restored: {
      type: 'comment',
      _id: comment.public_id,
      postId: comment.post_public_id,
      author: toUserSummary(author),
    },
  };
};
