import type { Equipment, ExerciseCategory, ExerciseMeasure } from '@spotter/contract';
import type { Selectable } from 'kysely';
import type { Key } from './keys';
import type { Timestamp } from './timestamp';

export interface ExercisesTable {
  /** The catalogue's slug ("barbell-back-squat") or a custom exercise's UUID. */
  id: string;
  /** null for the catalogue; the creator of a custom exercise, who alone sees it. */
  owner_id: Key | null;
  name: string;
  /** foldName(name): what search matches (modules/training/fold-name.ts). */
  name_key: string;
  category: ExerciseCategory;
  measure: ExerciseMeasure;
  equipment: Equipment;
  /** JSON arrays of muscle names. */
  primary_muscles: string;
  secondary_muscles: string;
  created_at: Timestamp;
}
export type ExerciseRow = Selectable<ExercisesTable>;
