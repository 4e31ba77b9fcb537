import type { NotificationType } from '@spotter/contract';
import type { Generated } from 'kysely';
import type { Key, KeyColumn } from './keys';
import type { Timestamp } from './timestamp';

/** A comment; a reply has parent_id (always a top-level comment). */
export interface CommentsTable {
  id: KeyColumn;
  public_id: string;
  post_id: Key;
  author_id: Key;
  parent_id: Key | null;
  /** The created_at and public_id of the top-level comment of its thread: its place in the list. */
  thread_at: Timestamp;
  thread_public_id: string;
  content: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set when a moderator removed it: hidden from everyone, kept for the audit (issue 16). */
  removed_at: Timestamp | null;
  /** A remote comment's Note id (issue 49, migration 130); null for a local comment. */
  object_uri: Generated<string | null>;
}

/** A post's hashtag, lowercased; created_at is the post's. */
export interface PostTagsTable {
  tag: string;
  post_id: Key;
  created_at: Timestamp;
}

/** A comment's hashtag, lowercased (migration 065): its post's post_tags include it. */
export interface CommentTagsTable {
  comment_id: Key;
  tag: string;
  post_id: Key;
}

export interface NotificationsTable {
  id: KeyColumn;
  public_id: string;
  recipient_id: Key;
  type: NotificationType;
  post_id: Key | null;
  comment_id: Key | null;
  /** A `report` entry's case (issue 16); null otherwise. */
  report_id: Key | null;
  /** Set while a groupable entry (likes of a post, follows) is unread: later actors join it. */
  group_key: string | null;
  actor_count: number;
  /** 0 or 1 (SQLite has no boolean). */
  is_read: number;
  /** When its latest actor acted: the list's order. */
  created_at: Timestamp;
  /**
   * Its newest actors' keys, newest first, comma-separated (at most six; migration 076's triggers
   * keep it); null for an entry without actors.
   */
  latest_actors: Generated<string | null>;
}

export interface NotificationActorsTable {
  notification_id: Key;
  actor_id: Key;
  created_at: Timestamp;
}
