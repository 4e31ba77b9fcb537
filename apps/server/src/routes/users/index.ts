import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { bookmarkPostRoute, getBookmarksRoute, removeBookmarkRoute } from './bookmarks';
import { changePasswordRoute } from './change-password';
import { editProfileRoute } from './edit-profile';
import { followUserRoute, unfollowUserRoute } from './follows';
import { getUserRoute } from './get-user';
import { listUsersRoute } from './list-users';

export function userRoutes(app: FastifyInstance, ctx: AppContext) {
  listUsersRoute(app, ctx);
  getUserRoute(app, ctx);
  getBookmarksRoute(app, ctx);
  bookmarkPostRoute(app, ctx);
  removeBookmarkRoute(app, ctx);
  followUserRoute(app, ctx);
  unfollowUserRoute(app, ctx);
  editProfileRoute(app, ctx);
  changePasswordRoute(app, ctx);
}
