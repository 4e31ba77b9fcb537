import type { QueryClient } from '@tanstack/react-query';
import { explorePostsQuery, prefetchPostList } from '../api/post-lists';
import { PostList } from '../components/post-list';
import './feed-page.css';

export const exploreLoader = (queryClient: QueryClient) => () =>
  prefetchPostList(queryClient, explorePostsQuery('newest'));

/** /explore: every post, newest first. */
export function ExploreRoute() {
  return (
    <div className="feed-page">
      <h1 className="feed-page__title">Explore</h1>
      <PostList query={explorePostsQuery('newest')} />
    </div>
  );
}
