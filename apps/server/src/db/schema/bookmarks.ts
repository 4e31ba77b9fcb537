import type { Timestamp } from './timestamp';

export interface BookmarksTable {
  user_id: string;
  post_id: string;
  created_at: Timestamp;
}
