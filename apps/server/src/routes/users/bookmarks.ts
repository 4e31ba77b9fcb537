import { apiErrors, endpoints } from '@spotter/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../errors';
import { addBookmark, bookmarkIds, removeBookmark } from '../../queries/bookmarks';
import { cardAnswer } from '../answers';
import { addRoute } from '../define';

export function getBookmarksRoute(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, endpoints.getBookmarks, async ({ user }) => ({ bookmarks: await bookmarkIds(ctx.db, user.id) }));
}

export function bookmarkPostRoute(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, endpoints.bookmarkPost, async ({ params, user, minimal }) => {
    const outcome = await addBookmark(ctx.db, user.id, params.postId);
    if (outcome === 'no-post') throw notFound(apiErrors.postNotFound);
    if (outcome === 'already-bookmarked') throw badRequest(apiErrors.alreadyBookmarked);
    if (minimal) return cardAnswer(ctx, params.postId, user.id);
    return { bookmarks: await bookmarkIds(ctx.db, user.id) };
  });
}

export function removeBookmarkRoute(app: FastifyInstance, ctx: AppContext) {
  addRoute(app, ctx, endpoints.removeBookmark, async ({ params, user, minimal }) => {
    const outcome = await removeBookmark(ctx.db, user.id, params.postId);
    if (outcome === 'no-post') throw notFound(apiErrors.postNotFound);
    if (outcome === 'not-bookmarked') throw badRequest(apiErrors.notBookmarked);
    if (minimal) return cardAnswer(ctx, params.postId, user.id);
    return { bookmarks: await bookmarkIds(ctx.db, user.id) };
  });
}
