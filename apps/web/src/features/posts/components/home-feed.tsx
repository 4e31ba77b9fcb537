import type { PostVisibility } from '@spotter/contract';
import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { homeFeedQuery, prefetchPostList } from '../api/post-lists';
import { type FeedFilter, feedOrder } from '../lib/feed-filter';
import { FeedFilters } from './feed-filters';
import type { PostCardParts } from './post-card';
import { PostComposer, type WorkoutPicker } from './post-composer';
import { PostList } from './post-list';
import './home-feed.css';

/** For the home route's loader: the feed as it first shows (no filter) starts loading with the screen's code. */
export const prefetchHomeFeed = (queryClient: QueryClient) =>
  prefetchPostList(queryClient, homeFeedQuery(feedOrder(null)));

interface HomeFeedProps {
  parts: PostCardParts;
  /** Shown under an empty feed's text (the app puts people to follow there). */
  emptyExtra?: ReactNode;
  /** The person's default visibility, which the composer's Default choice names. */
  defaultVisibility?: PostVisibility;
  /** The composer's "Attach a workout" (the app gives the training feature's). */
  WorkoutPicker?: WorkoutPicker;
}

/** The home feed: the composer, the filters, and the person's own and followed people's posts. */
export function HomeFeed({ parts, emptyExtra, defaultVisibility, WorkoutPicker }: HomeFeedProps) {
  const [filter, setFilter] = useState<FeedFilter>(null);
  return (
    <>
      <section className="home-feed__composer" aria-label="New post">
        {/* SPEC §4: after a post is sent, the filter goes back to none. */}
        <PostComposer
          label="New post"
          draftKey="home"
          defaultVisibility={defaultVisibility}
          WorkoutPicker={WorkoutPicker}
          onDone={() => setFilter(null)}
        />
      </section>
      <FeedFilters value={filter} onChange={setFilter} />
      <PostList
        parts={parts}
        query={homeFeedQuery(feedOrder(filter))}
        emptyText="Your feed is empty: post something or follow people."
        emptyExtra={emptyExtra}
      />
    </>
  );
}
