import { apiErrors } from '@spotter/contract';
import { badRequest, notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { cardAnswer, requireVisiblePost } from '../../posts';
import { bookmarkIds, removeBookmark as unbookmark } from '../queries/bookmarks';

export const removeBookmark: Handler<'removeBookmark'> = async ({ params, user, minimal }, ctx) => {
  await requireVisiblePost(ctx, params.postId, user.id);
  const outcome = await unbookmark(ctx.db, user.id, params.postId);
  if (outcome === 'no-post') throw notFound(apiErrors.postNotFound);
  if (outcome === 'not-bookmarked') throw badRequest(apiErrors.notBookmarked);
  return minimal ? cardAnswer(ctx, params.postId, user.id) : { bookmarks: await bookmarkIds(ctx.db, user.id) };
};
