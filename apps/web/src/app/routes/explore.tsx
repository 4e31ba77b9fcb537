import type { QueryClient } from '@tanstack/react-query';
import '../../components/ui/feed-page.css';
import { explorePostsQuery, PostList, prefetchPostList } from '../../features/posts';
import { useDocumentTitle } from '../../lib/document-title';
import { postCardParts } from '../slots/post-card-parts';

export const exploreLoader = (queryClient: QueryClient) => () =>
  prefetchPostList(queryClient, explorePostsQuery('newest'));

/** /explore: every post, newest first. */
export function ExploreRoute() {
  useDocumentTitle('Explore');
  return (
    <div className="feed-page">
      <h1 className="feed-page__title">Explore</h1>
      <PostList parts={postCardParts} query={explorePostsQuery('newest')} />
    </div>
  );
}
