import { apiErrors, pageLimits } from '@spotter/contract';
import { notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { decodeCommentCursor, encodeCommentCursor } from '../../../paging/comment-cursor';
import { isModerator } from '../../accounts';
import { findReportedPost, findVisiblePost } from '../../posts';
import { type CommentPageResult, commentPage, commentPageByPostId } from '../queries/comments';

/**
 * A post's thread; a moderator also sees a reported post and reported comments the rule hides. A
 * member's page is read by the post's public id in one statement: a page with comments needs no
 * more; an empty one asks for the post apart, for the 404 of a post not found or not shown.
 */
export const listComments: Handler<'listComments'> = async ({ params, query, user }, ctx) => {
  const page = { limit: query.limit ?? pageLimits.default, after: decodeCommentCursor(query.cursor) };
  const moderator = isModerator(user);
  if (!moderator) {
    const shown = await commentPageByPostId(ctx.db, params.postId, page, user?.id);
    if (shown.comments.length === 0 && !(await findVisiblePost(ctx.db, params.postId, user?.id))) {
      throw notFound(apiErrors.postNotFound);
    }
    return commentPageAnswer(shown);
  }
  const post =
    (await findVisiblePost(ctx.db, params.postId, user?.id)) ??
    (user ? await findReportedPost(ctx.db, params.postId, user.id) : undefined);
  if (!post) throw notFound(apiErrors.postNotFound);
  return commentPageAnswer(await commentPage(ctx.db, { id: post.id, publicId: params.postId }, page, user?.id, true));
};

const commentPageAnswer = (page: CommentPageResult) => ({
  comments: page.comments,
  nextCursor: page.next ? encodeCommentCursor(page.next) : null,
});
