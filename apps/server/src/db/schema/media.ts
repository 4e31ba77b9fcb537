import type { Selectable } from 'kysely';
import type { Key, KeyColumn } from './keys';
import type { Timestamp } from './timestamp';

export interface MediaTable {
  id: KeyColumn;
  /** The upload's UUID: `_id` in the API, `mediaId` in a post. */
  public_id: string;
  owner_id: Key;
  /** The file's name in the store, e.g. `3f0c...e1.webp`; its URL is derived from it. */
  key: string;
  type: 'image' | 'video';
  width: number;
  height: number;
  bytes: number;
  created_at: Timestamp;
  /** Its alt text as a Mastodon app wrote it before posting (migration 136); null: none. */
  description: string | null;
  /** The post showing this file; null until one does. */
  post_id: Key | null;
}
export type MediaRow = Selectable<MediaTable>;
