import type { Key, KeyColumn } from './keys';
import type { Timestamp } from './timestamp';

export interface TestTodosTable {
  id: KeyColumn;
  public_id: string;
  /** Who added it: only they see and delete it. */
  user_id: Key;
  text: string;
  created_at: Timestamp;
}
