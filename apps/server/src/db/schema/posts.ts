import type { Selectable } from 'kysely';
import type { Timestamp } from './timestamp';

export interface PostsTable {
  id: string;
  author_id: string;
  content: string;
  image: string | null;
  media_type: 'image' | 'video' | null;
  alt: string | null;
  /** Pixel size of an uploaded image or video (null for a link, whose size is unknown). */
  media_width: number | null;
  media_height: number | null;
  /** Kept equal to the number of rows in likes, in the same transaction as they change. */
  like_count: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type PostRow = Selectable<PostsTable>;
