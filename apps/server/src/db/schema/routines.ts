import type { Selectable } from 'kysely';
import type { Key, KeyColumn } from './keys';
import type { Timestamp } from './timestamp';

/** A person's routine (migration 100): a workout template, private to its owner. */
export interface RoutinesTable {
  id: KeyColumn;
  public_id: string;
  user_id: Key;
  title: string;
  notes: string;
  /** JSON of `StoredRoutineExercise[]` (modules/training/routine-answer.ts): read and written whole (decision 074). */
  exercises: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type RoutineRow = Selectable<RoutinesTable>;
