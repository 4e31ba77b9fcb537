import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { homeFeedQuery, prefetchPostList } from '../api/post-lists';
import { FeedFilters } from '../components/feed-filters';
import { PostComposer } from '../components/post-composer';
import { PostList } from '../components/post-list';
import { type FeedFilter, feedOrder } from '../lib/feed-filter';
import './feed-page.css';
import { useDocumentTitle } from '../../../lib/document-title';
import { Suggestions } from '../../users';

/** The route's loader: the feed as it first shows (no filter) starts loading with the screen's code. */
export const homeLoader = (queryClient: QueryClient) => () =>
  prefetchPostList(queryClient, homeFeedQuery(feedOrder(null)));

/** /landing: the composer, the filters, and the person's own and followed people's posts. */
export function HomeRoute() {
  useDocumentTitle('Home');
  const [filter, setFilter] = useState<FeedFilter>(null);
  return (
    <div className="feed-page">
      <h1 className="feed-page__title">Home</h1>
      <section className="feed-page__composer" aria-label="New post">
        {/* SPEC §4: after a post is sent, the filter goes back to none. */}
        <PostComposer label="New post" draftKey="home" onDone={() => setFilter(null)} />
      </section>
      <FeedFilters value={filter} onChange={setFilter} />
      <PostList
        query={homeFeedQuery(feedOrder(filter))}
        emptyText="Your feed is empty: post something or follow people."
        emptyExtra={<Suggestions title="People to follow" />}
      />
    </div>
  );
}
