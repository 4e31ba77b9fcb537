import type { Key } from './keys';
import type { Timestamp } from './timestamp';

/** follower_id follows followee_id; keyed by the pair. */
export interface FollowsTable {
  follower_id: Key;
  followee_id: Key;
  created_at: Timestamp;
}
