import type { Timestamp } from './timestamp';

/** follower_id follows followee_id. */
export interface FollowsTable {
  follower_id: string;
  followee_id: string;
  created_at: Timestamp;
}
