import type { Timestamp } from './timestamp';

export interface TestTodosTable {
  id: string;
  text: string;
  created_at: Timestamp;
}
