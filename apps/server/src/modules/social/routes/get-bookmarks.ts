import type { Handler } from '../../../http/add-route';
import { bookmarkIds } from '../queries/bookmarks';

export const getBookmarks: Handler<'getBookmarks'> = async ({ user }, ctx) => ({
  bookmarks: await bookmarkIds(ctx.db, user.id),
});
