import type { Timestamp } from './timestamp';

export interface TestTodosTable {
  id: string;
  /** Who added it: only they see and delete it. */
  user_id: string;
  text: string;
  created_at: Timestamp;
}
