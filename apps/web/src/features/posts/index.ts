/**
 * The posts feature's public entry. Other features reach posts only through here: its paged list and
 * the composer (loaded on demand). Its screens are loaded lazily by app/router.tsx, each in its own
 * chunk.
 */

export { useMediaLimits } from './api/media-limits';
export { tagPostsQuery, userPostsQuery } from './api/post-lists';
export { uploadMedia } from './api/upload-media';
export { PostList } from './components/post-list';
export { checkMediaFile } from './lib/media-check';

/** The composer dialog, in its own chunk: it loads the first time someone opens it. */
export const loadNewPostModal = () => import('./components/new-post-modal');
