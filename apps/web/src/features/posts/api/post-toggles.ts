import { type CardPost, routes } from '@spotter/contract';
import { call } from '../../../lib/api-client';
import { type PostToggle, usePostToggle } from './post-toggle';

/** Like, or take the like back (the spec's "dislike"); the heart answers at once. */
const like: PostToggle = {
  scope: 'like',
  send: (postId, on) => call(on ? routes.likePost : routes.dislikePost, { params: { postId } }),
  isOn: (post) => post.likedByMe,
  apply: (post, on) => ({ ...post, likedByMe: on, likeCount: Math.max(0, post.likeCount + (on ? 1 : -1)) }),
  list: { feed: 'liked' },
};

/** Bookmark, or remove the bookmark. */
const bookmark: PostToggle = {
  scope: 'bookmark',
  send: (postId, on) => call(on ? routes.bookmarkPost : routes.removeBookmark, { params: { postId } }),
  isOn: (post) => post.bookmarkedByMe,
  apply: (post, on) => ({ ...post, bookmarkedByMe: on }),
  list: { feed: 'bookmarked' },
};

export const useToggleLike = (post: CardPost) => usePostToggle(post, like);
export const useToggleBookmark = (post: CardPost) => usePostToggle(post, bookmark);
