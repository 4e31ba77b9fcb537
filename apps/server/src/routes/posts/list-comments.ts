import { apiErrors, pageLimits } from '@spotter/contract';
import { isModerator } from '../../auth/roles';
import { notFound } from '../../errors';
import type { Handler } from '../../http/add-route';
import { decodeCommentCursor, encodeCommentCursor } from '../../paging/comment-cursor';
import { commentPage } from '../../queries/comments';
import { findReportedPost, findVisiblePost } from '../../queries/posts';

/** A post's thread; a moderator also sees a reported post and reported comments the rule hides. */
export const listComments: Handler<'listComments'> = async ({ params, query, user }, ctx) => {
  const moderator = isModerator(user);
  const post =
    (await findVisiblePost(ctx.db, params.postId, user?.id)) ??
    (user && moderator ? await findReportedPost(ctx.db, params.postId, user.id) : undefined);
  if (!post) throw notFound(apiErrors.postNotFound);
  const page = await commentPage(
    ctx.db,
    { id: post.id, publicId: params.postId },
    {
      limit: query.limit ?? pageLimits.default,
      after: decodeCommentCursor(query.cursor),
    },
    user?.id,
    moderator,
  );
  return { comments: page.comments, nextCursor: page.next ? encodeCommentCursor(page.next) : null };
};
