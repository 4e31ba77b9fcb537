import type { Generated, Selectable } from 'kysely';
import type { Key, KeyColumn } from './keys';
import type { Timestamp } from './timestamp';

export type Visibility = 'public' | 'followers' | 'private';

export interface PostsTable {
  id: KeyColumn;
  /** The post's UUID, `_id` in the API; it also breaks ties in list order (as cursors say). */
  public_id: string;
  author_id: Key;
  content: string;
  image: string | null;
  media_type: 'image' | 'video' | null;
  alt: string | null;
  /** Pixel size of an uploaded image or video (null for a link, whose size is unknown). */
  media_width: number | null;
  media_height: number | null;
  /**
   * All its photos in order as JSON (`[{ url, alt, width, height }]`) when it has more than one; null
   * otherwise, the media columns above then being the whole list (migration 123, decision 088).
   */
  photos: string | null;
  /** Kept equal to the number of rows in likes, in the same transaction as they change. */
  like_count: number;
  /** Kept equal to the number of its comments and replies, in the same transaction as they change. */
  comment_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** When the author last edited it; null if never (updated_at also moves on a like). */
  edited_at: Timestamp | null;
  /** One of the author's workouts the post carries, and its card summary as JSON (migration 032). */
  workout_id: string | null;
  workout_summary: string | null;
  /** A remote post's workout, every set, as its Note carried it (JSON; migration 132); null for a local post. */
  workout_data: string | null;
  /** Who may see it (issue 16): 'public', 'followers' or 'private' (its author only). */
  visibility: Generated<Visibility>;
  /** Set when a moderator removed it: hidden from everyone, kept for the audit. */
  removed_at: Timestamp | null;
  /** Raised by a trigger on every update of the row (migration 043): the card cache's check. */
  row_version: Generated<number>;
  /** A remote post's Note id (issue 49); null for a local post. */
  object_uri: Generated<string | null>;
}
export type PostRow = Selectable<PostsTable>;
