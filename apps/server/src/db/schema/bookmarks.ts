import type { Key } from './keys';
import type { Timestamp } from './timestamp';

/** One row per (user, post), keyed by the pair. */
export interface BookmarksTable {
  user_id: Key;
  post_id: Key;
  created_at: Timestamp;
}
