import type { Generated } from 'kysely';
import type { Key } from './keys';
import type { Timestamp } from './timestamp';

/** follower_id follows followee_id; keyed by the pair. */
export interface FollowsTable {
  follower_id: Key;
  followee_id: Key;
  created_at: Timestamp;
  /** Set when deliveries to the (remote) follower's server were given up on after 7 days (migration 133). */
  failing_since: Generated<string | null>;
}
