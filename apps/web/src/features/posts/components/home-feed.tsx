import type { PostVisibility } from '@spotter/contract';
import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { homeFeedQuery, prefetchPostList } from '../api/post-lists';
import { type FeedFilter, feedOrder } from '../lib/feed-filter';
import { FeedFilters } from './feed-filters';
import { NewPostsPill } from './new-posts-pill';
import type { PostCardParts } from './post-card';
import { PostComposer } from './post-composer';
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
}

/** The home feed: the composer, the filters, and the person's own and followed people's posts. */
export function HomeFeed({ parts, emptyExtra, defaultVisibility }: HomeFeedProps) {
  const [filter, setFilter] = useState<FeedFilter>(null);
  const [shownNote, setShownNote] = useState('');
  const headRef = useRef<HTMLDivElement>(null);
  // The new posts are at the head of the feed now: the reader goes there (focus too, so a screen
  // reader reads on from the first of them), and the posts read before are still loaded below.
  const showNewPosts = (count: number) => {
    setFilter(null);
    setShownNote(count === 1 ? '1 new post shown' : `${count} new posts shown`);
    const head = headRef.current;
    if (!head) return;
    head.focus({ preventScroll: true });
    const topBar = document.querySelector('.top-bar');
    const covered = topBar && getComputedStyle(topBar).display !== 'none' ? topBar.getBoundingClientRect().height : 0;
    window.scrollTo({ top: head.getBoundingClientRect().top + window.scrollY - covered });
  };
  return (
    <>
      <section className="home-feed__composer" aria-label="New post">
        {/* SPEC §4: after a post is sent, the filter goes back to none. */}
        <PostComposer
          label="New post"
          draftKey="home"
          defaultVisibility={defaultVisibility}
          onDone={() => setFilter(null)}
        />
      </section>
      <FeedFilters value={filter} onChange={setFilter} />
      <div ref={headRef} className="home-feed__head" tabIndex={-1} />
      <NewPostsPill onShown={showNewPosts} />
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
