import type { PostVisibility } from '@spotter/contract';
import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { homeFeedQuery, prefetchPostList } from '../api/post-lists';
import { type FeedFilter, feedOrder } from '../lib/feed-filter';
import { FeedFilters } from './feed-filters';
import { NewPostsPill } from './new-posts-pill';
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
  const [shownNote, setShownNote] = useState('');
  const headRef = useRef<HTMLDivElement>(null);
  // Before the new posts go in: the reader goes to the head of the feed (focus too, so a screen reader
  // reads on from the first of them); the posts read before stay loaded below. The list learns of the
  // scroll (its scroll event) before they go in, or it would hold the old place for them
  // (@tanstack/react-virtual keeps what is on screen still when cards above it change size).
  const goToHead = async () => {
    setFilter(null);
    const head = headRef.current;
    if (!head) return;
    head.focus({ preventScroll: true });
    // Under the phone's top bar (home-feed.css: scroll-margin-top); jsdom has no layout to scroll.
    head.scrollIntoView?.({ block: 'start' });
    await new Promise((resolve) => requestAnimationFrame(resolve));
  };
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
      <div ref={headRef} className="home-feed__head" tabIndex={-1} />
      <NewPostsPill
        beforeShow={goToHead}
        onShown={(count) => setShownNote(count === 1 ? '1 new post shown' : `${count} new posts shown`)}
      />
      <p className="visually-hidden" role="status">
        {shownNote}
      </p>
      <PostList
        parts={parts}
        query={homeFeedQuery(feedOrder(filter))}
        emptyText="Your feed is empty: post something or follow people."
        emptyExtra={emptyExtra}
      />
    </>
  );
}
