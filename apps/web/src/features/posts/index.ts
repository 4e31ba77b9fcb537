/**
 * The posts feature's public entry: its paged list and cards (which leave a menu and a workout to the
 * app: PostCardParts), the lists it pages, the home feed with its composer, the single post's pieces,
 * and the composer dialog (loaded on demand). The screens that show them are composed in app/routes.
 */
export { usePostCard } from './api/get-post';
export {
  bookmarkedPostsQuery,
  explorePostsQuery,
  likedPostsQuery,
  prefetchPostList,
  searchPostsQuery,
  tagPostsQuery,
  userPostsQuery,
} from './api/post-lists';
export { HomeFeed, prefetchHomeFeed } from './components/home-feed';
export { PostCard, type PostCardParts } from './components/post-card';
export type { WorkoutPicker } from './components/post-composer';
export { PostList } from './components/post-list';
export { PostPageBar } from './components/post-page-bar';
export { forgetNewPosts, noteNewPost } from './lib/new-posts';

/** The composer dialog, in its own chunk: it loads the first time someone opens it. */
export const loadNewPostModal = () => import('./components/new-post-modal');
