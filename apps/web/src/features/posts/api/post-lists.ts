import { type PostOrder, type PostPage, pageLimits, routes } from '@spotter/contract';
import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { type PostListKind, postKeys } from '../../../lib/query-keys';
import { getSession } from '../../../lib/session';

/** Cards per page: a screen and a half on a desktop, so the first page fills the view. */
export const postPageSize = 10;

/** A paged list of posts: what PostList needs to load it, page by page. */
export interface PostListQuery {
  kind: PostListKind;
  fetchPage: (cursor: string | undefined, signal?: AbortSignal) => Promise<PostPage>;
}

/** Home: the signed-in person's posts and those of the people they follow. */
export const homeFeedQuery = (order: PostOrder): PostListQuery => ({
  kind: { feed: 'home', order },
  fetchPage: (cursor, signal) => call(routes.feed, { query: { limit: postPageSize, cursor, order }, signal }),
});

/**
 * The newest posts of the home feed, at least a page and enough to reach past `atLeast` new ones
 * (the "N new posts" pill, issue 47), so the answer meets a post the list already holds.
 */
export const newestHomePosts = (atLeast: number) =>
  call(routes.feed, {
    query: { limit: Math.min(Math.max(atLeast + 1, postPageSize), pageLimits.max), order: 'newest' },
  });

/** Explore: every post, newest first (or trending). */
export const explorePostsQuery = (order: PostOrder = 'newest'): PostListQuery => ({
  kind: { feed: 'explore', order },
  fetchPage: (cursor, signal) => call(routes.listPosts, { query: { limit: postPageSize, cursor, order }, signal }),
});

/** One person's posts, newest first (the profile page). */
export const userPostsQuery = (username: string): PostListQuery => ({
  kind: { feed: 'user', username },
  fetchPage: (cursor, signal) =>
    call(routes.postsByUser, { params: { username }, query: { limit: postPageSize, cursor }, signal }),
});

export const likedPostsQuery = (): PostListQuery => ({
  kind: { feed: 'liked' },
  fetchPage: (cursor, signal) => call(routes.likedPosts, { query: { limit: postPageSize, cursor }, signal }),
});

export const bookmarkedPostsQuery = (): PostListQuery => ({
  kind: { feed: 'bookmarked' },
  fetchPage: (cursor, signal) => call(routes.bookmarkedPosts, { query: { limit: postPageSize, cursor }, signal }),
});

/** Posts with a hashtag, newest first (the tag page, issue 14). */
export const tagPostsQuery = (tag: string): PostListQuery => ({
  kind: { feed: 'tag', tag },
  fetchPage: (cursor, signal) =>
    call(routes.tagPosts, { params: { tag }, query: { limit: postPageSize, cursor }, signal }),
});

/** Posts whose text holds every word of `q`, newest first (the search page's Posts tab, issue 47). */
export const searchPostsQuery = (q: string): PostListQuery => ({
  kind: { feed: 'search', q },
  fetchPage: async (cursor, signal) => {
    const answer = await call(routes.search, { query: { q, type: 'posts', limit: postPageSize, cursor }, signal });
    return answer.type === 'posts'
      ? { posts: answer.posts, nextCursor: answer.nextCursor }
      : { posts: [], nextCursor: null };
  },
});

/** The infinite query of a list: pages follow `nextCursor` until the server answers null. */
export const postListOptions = (query: PostListQuery) =>
  infiniteQueryOptions({
    queryKey: postKeys.list(query.kind),
    queryFn: ({ pageParam, signal }) => query.fetchPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: PostPage) => last.nextCursor ?? undefined,
  });

/**
 * For a route loader: starts loading a list's first page as soon as the route's code has arrived,
 * while the screen is still being rendered, instead of once it has rendered (render-as-you-fetch);
 * the list then finds it in the cache. Does not wait for the answer, and asks nothing of a visitor
 * who is not signed in (the protected route sends them to login).
 */
export function prefetchPostList(queryClient: QueryClient, query: PostListQuery) {
  if (getSession()) void queryClient.prefetchInfiniteQuery(postListOptions(query));
  return null;
}
