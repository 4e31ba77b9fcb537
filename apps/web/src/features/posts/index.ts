/**
 * The posts feature's public entry. Other features reach posts only through here: its paged list and
 * the composer (loaded on demand). Its screens are loaded lazily by app/router.tsx, each in its own
 * chunk.
 */

export { tagPostsQuery, userPostsQuery } from './api/post-lists';
export { PostList } from './components/post-list';

/** The composer dialog, in its own chunk: it loads the first time someone opens it. */
export const loadNewPostModal = () => import('./components/new-post-modal');
