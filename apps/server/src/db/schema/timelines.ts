import type { Key } from './keys';
import type { Timestamp } from './timestamp';

/**
 * Home timelines precomputed on write (issue 13, docs/decisions/011-home-timelines.md): one row per
 * (viewer, post) that is in the viewer's home feed, with the post's creation time (the newest-first
 * sort key; ties are broken by the post's public id, read through the join). Keyed by the pair.
 */
export interface HomeTimelineTable {
  viewer_id: Key;
  post_id: Key;
  created_at: Timestamp;
  /**
   * A boost's entry (migration 141): the followed person who boosted the post, and `created_at` is the
   * boost's time; null for a post that is there as its author's.
   */
  boosted_by: Key | null;
}

/** A remote person's boost (`Announce`) of a post, named by the activity's id (its Undo's object). */
export interface BoostsTable {
  booster_id: Key;
  post_id: Key;
  activity_uri: string;
  created_at: Timestamp;
}

/**
 * A viewer's timeline is complete for posts created at or after `horizon` (null: complete); older
 * pages are read the slow way. Raised when a timeline is trimmed or a follow backfills a bounded part.
 */
export interface HomeTimelineHorizonsTable {
  viewer_id: Key;
  horizon: Timestamp;
}

/** Posts created but not yet fanned out to their author's followers: merged at read time until then. */
export interface FanoutPendingTable {
  post_id: Key;
}

/** Authors with more followers than the fan-out limit had when they posted: their posts are merged at read time. */
export interface MergedAuthorsTable {
  author_id: Key;
}
