import { useInfiniteQuery } from '@tanstack/react-query';
import { useWindowVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { type ReactNode, type RefObject, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { type PostListQuery, postListOptions } from '../api/post-lists';
import { PostCard, type PostCardParts } from './post-card';
import './post-list.css';

interface PostListProps {
  /** Which paged list: homeFeedQuery(order), explorePostsQuery(), userPostsQuery(username), ... */
  query: PostListQuery;
  /** Shown when the list has no post at all. */
  emptyText?: string;
  /** Shown under the empty text, such as people to follow on an empty home feed. */
  emptyExtra?: ReactNode;
  /** What the cards show from other features (a menu, a workout), which the app fills. */
  parts: PostCardParts;
}

/** Cards rendered above and below the viewport, so a fast scroll rarely shows a blank. */
const overscan = 4;
/** How close to the last loaded card the next page is asked for. */
const prefetchDistance = 5;

/**
 * The measured card heights of each list, by its query key, kept while the app runs. Coming back to
 * a feed (Back from a post) starts from them instead of the estimate, so the page has its old height
 * and the scroll position React Router restores lands on the same cards.
 */
const measuredLists = new Map<string, VirtualItem[]>();
/**
 * Where the window was on each history entry that showed a list, by the entry's key. The virtualizer
 * writes its own offset once it attaches, after React Router's ScrollRestoration has put the window
 * back: starting from the same number, the two agree.
 */
const entryOffsets = new Map<string, number>();

/**
 * A paged list of post cards: infinite scroll over the server's pages, virtualized against the
 * window so only the cards near the viewport are in the DOM, whatever the length of the feed.
 * Cards have different heights (text, photo, clip): each is measured once rendered.
 */
export function PostList({ query, emptyText = 'No posts yet', emptyExtra, parts }: PostListProps) {
  const { data, status, error, fetchNextPage, hasNextPage, isFetchingNextPage, refetch } = useInfiniteQuery(
    postListOptions(query),
  );
  const posts = useMemo(() => data?.pages.flatMap((page) => page.posts) ?? [], [data]);
  const listRef = useRef<HTMLDivElement>(null);
  const scrollMargin = useListOffset(listRef, posts.length > 0);
  const listKey = JSON.stringify(query.kind);
  const { key: entryKey } = useLocation();
  const navigationType = useNavigationType();

  const virtualizer = useWindowVirtualizer({
    count: posts.length,
    estimateSize: () => 280,
    overscan,
    scrollMargin,
    gap: 16,
    getItemKey: (index) => posts[index]?._id ?? index,
    initialMeasurementsCache: measuredLists.get(listKey),
    initialOffset: () => (navigationType === 'POP' ? (entryOffsets.get(entryKey) ?? window.scrollY) : window.scrollY),
  });
  const virtualizerRef = useRef(virtualizer);
  virtualizerRef.current = virtualizer;
  // On leaving (a layout cleanup: before the next page shrinks the document and the window with it).
  useLayoutEffect(
    () => () => {
      const { scrollOffset, takeSnapshot } = virtualizerRef.current;
      measuredLists.set(listKey, takeSnapshot());
      if (scrollOffset !== null) entryOffsets.set(entryKey, scrollOffset);
    },
    [listKey, entryKey],
  );
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= posts.length - prefetchDistance) fetchNextPage();
  }, [lastIndex, posts.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  useEffect(() => {
    if (error) toast.error(error.message);
  }, [error]);

  if (status === 'pending') {
    return (
      <p className="post-list__status" role="status">
        Loading posts…
      </p>
    );
  }
  if (status === 'error' && posts.length === 0) {
    return (
      <div className="post-list__status" role="alert">
        <p>Posts could not be loaded: {error.message}</p>
        <button type="button" className="button" onClick={() => refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (posts.length === 0) {
    return (
      <>
        <p className="post-list__empty">{emptyText}</p>
        {emptyExtra}
      </>
    );
  }

  return (
    <>
      <div ref={listRef} className="post-list" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const post = posts[item.index];
          if (!post) return null;
          return (
            <div
              key={item.key}
              className="post-list__item"
              data-index={item.index}
              ref={virtualizer.measureElement}
              style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
            >
              <PostCard post={post} parts={parts} />
            </div>
          );
        })}
      </div>
      <p className="post-list__status" role="status">
        {isFetchingNextPage ? 'Loading more posts…' : hasNextPage ? '' : "You're all caught up"}
      </p>
    </>
  );
}

/**
 * The list's distance from the top of the document, which the window virtualizer needs. Content
 * above it (the composer growing a preview, the header wrapping) moves it, so it is re-measured on
 * any change of the document's size.
 */
function useListOffset(ref: RefObject<HTMLElement | null>, shown: boolean) {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    if (!shown) return;
    const measure = () => {
      const element = ref.current;
      if (element) setOffset(Math.round(element.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.documentElement);
    return () => observer.disconnect();
  }, [ref, shown]);
  return offset;
}
