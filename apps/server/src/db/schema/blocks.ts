import type { Key } from './keys';
import type { Timestamp } from './timestamp';

/** blocker_id blocked blocked_id: neither sees the other (migration 051). */
export interface BlocksTable {
  blocker_id: Key;
  blocked_id: Key;
  created_at: Timestamp;
}

/** muter_id muted muted_id: the muter no longer sees the other's posts, comments, notifications. */
export interface MutesTable {
  muter_id: Key;
  muted_id: Key;
  created_at: Timestamp;
}
