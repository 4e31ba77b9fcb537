import type { QueryClient } from '@tanstack/react-query';
import { explorePostsQuery, prefetchPostList } from '../api/post-lists';
import { PostList } from '../components/post-list';
import './feed-page.css';
import { useDocumentTitle } from '../../../lib/document-title';

export const exploreLoader = (queryClient: QueryClient) => () =>
  prefetchPostList(queryClient, explorePostsQuery('newest'));

/** /explore: every post, newest first. */
export function ExploreRoute() {
  useDocumentTitle('Explore');
  return (
    <div className="feed-page">
      <h1 className="feed-page__title">Explore</h1>
      <PostList query={explorePostsQuery('newest')} />
    </div>
  );
}
