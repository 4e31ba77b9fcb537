import type { RouteHandlers } from '../../http/add-route';
import { bookmarkPost } from './routes/bookmark-post';
import { bookmarkedPosts } from './routes/bookmarked-posts';
import { dislikePost } from './routes/dislike-post';
import { followUser } from './routes/follow-user';
import { followers } from './routes/followers';
import { following } from './routes/following';
import { getBookmarks } from './routes/get-bookmarks';
import { likePost } from './routes/like-post';
import { likedPosts } from './routes/liked-posts';
import { removeBookmark } from './routes/remove-bookmark';
import { unfollowUser } from './routes/unfollow-user';

/** The handlers of the social module's routes, for the registry (http/handlers.ts). */
export const socialHandlers = {
  bookmarkPost,
  bookmarkedPosts,
  dislikePost,
  followUser,
  followers,
  following,
  getBookmarks,
  likePost,
  likedPosts,
  removeBookmark,
  unfollowUser,
} satisfies RouteHandlers;
