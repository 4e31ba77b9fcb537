import type { PostOrder } from '@spotter/contract';

/** The home feed's filters of SPEC §2: none, 'Latest' or 'Trending'. */
export type FeedFilter = 'latest' | 'trending' | null;

export const feedFilters = [
  { value: 'latest', label: 'Latest' },
  { value: 'trending', label: 'Trending' },
] as const satisfies readonly { value: Exclude<FeedFilter, null>; label: string }[];

/**
 * The page order the server is asked for.
 *
 * @NOTE SPEC §2 shows, with no filter, the posts "in reversed list order". The stand-in backend's
 * list is kept in the order posts were created (new posts are appended), so reversing it puts the
 * newest post first. On the paged feed that is the server's `newest` order (creation time, then id,
 * descending): the same sequence, delivered page by page instead of reversed in the browser.
 * 'Latest' sorts by creation date descending, which on the server is that same order, and
 * 'Trending' is like count descending, then newest.
 */
export function feedOrder(filter: FeedFilter): PostOrder {
  return filter === 'trending' ? 'trending' : 'newest';
}

/** Pressing the active filter again turns it off; pressing another one switches to it. */
export function toggleFilter(current: FeedFilter, pressed: Exclude<FeedFilter, null>): FeedFilter {
  return current === pressed ? null : pressed;
}
