import { apiErrors } from '@spotter/contract';
import { badRequest, notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { erasedMeanwhile } from '../../accounts';
import { cardAnswer, requireVisiblePost } from '../../posts';
import { addBookmark, bookmarkIds } from '../queries/bookmarks';

export const bookmarkPost: Handler<'bookmarkPost'> = async ({ params, user, minimal }, ctx) => {
  await requireVisiblePost(ctx, params.postId, user.id);
  const outcome = await addBookmark(ctx.db, user.id, params.postId);
  if (outcome === 'no-post') throw notFound(apiErrors.postNotFound);
  if (outcome === 'no-actor') throw erasedMeanwhile();
  if (outcome === 'already-bookmarked') throw badRequest(apiErrors.alreadyBookmarked);
  return minimal ? cardAnswer(ctx, params.postId, user.id) : { bookmarks: await bookmarkIds(ctx.db, user.id) };
};
