import type { Selectable } from 'kysely';
import type { Timestamp } from './timestamp';

export interface PostsTable {
  id: string;
  author_id: string;
  content: string;
  image: string | null;
  media_type: 'image' | 'video' | null;
  alt: string | null;
  /** Kept equal to the number of rows in likes, in the same transaction as they change. */
  like_count: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type PostRow = Selectable<PostsTable>;
