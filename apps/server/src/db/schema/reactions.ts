import type { Key } from './keys';
import type { Timestamp } from './timestamp';

/** One row per (post, user): the primary key is what makes a second like impossible. */
export interface LikesTable {
  post_id: Key;
  user_id: Key;
  created_at: Timestamp;
}

/** Who took a like back (SPEC's dislikedBy). */
export interface DislikesTable {
  post_id: Key;
  user_id: Key;
  created_at: Timestamp;
}
