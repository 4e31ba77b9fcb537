import type { Selectable } from 'kysely';
import type { Key } from './keys';
import type { Timestamp } from './timestamp';

/** Where a person stopped reading one timeline (`home` or `notifications`), for Mastodon's apps (migration 137). */
export interface ClientMarkersTable {
  user_id: Key;
  timeline: 'home' | 'notifications';
  last_read_id: string;
  version: number;
  updated_at: Timestamp;
}
export type ClientMarkerRow = Selectable<ClientMarkersTable>;
