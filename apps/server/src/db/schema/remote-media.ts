import type { Timestamp } from './timestamp';

/** A remote file shown through /media/remote/<key> (migration 146, decision 101). */
export interface RemoteMediaTable {
  /** sha256 hex of `url`. */
  key: string;
  url: string;
  /** Set when the file was fetched and stored: its media type and size. */
  content_type: string | null;
  byte_size: number | null;
  fetched_at: Timestamp | null;
  created_at: Timestamp;
}
