import type { KeyColumn } from './keys';
import type { Timestamp } from './timestamp';

export interface TestTodosTable {
  id: KeyColumn;
  public_id: string;
  text: string;
  created_at: Timestamp;
}
