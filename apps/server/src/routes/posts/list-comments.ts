import { apiErrors, pageLimits } from '@spotter/contract';
import { notFound } from '../../errors';
import type { Handler } from '../../http/add-route';
import { decodeCommentCursor, encodeCommentCursor } from '../../paging/comment-cursor';
import { commentPage } from '../../queries/comments';
import { findVisiblePost } from '../../queries/posts';

export const listComments: Handler<'listComments'> = async ({ params, query, user }, ctx) => {
  const post = await findVisiblePost(ctx.db, params.postId, user?.id);
  if (!post) throw notFound(apiErrors.postNotFound);
  const page = await commentPage(
    ctx.db,
    { id: post.id, publicId: params.postId },
    {
      limit: query.limit ?? pageLimits.default,
      after: decodeCommentCursor(query.cursor),
    },
    user?.id,
  );
  return { comments: page.comments, nextCursor: page.next ? encodeCommentCursor(page.next) : null };
};
