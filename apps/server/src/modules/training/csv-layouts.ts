import type { ExerciseCategory, ExerciseMeasure, ImportLayout, SetType } from '@spotter/contract';

/**
 * The column layouts of the CSV files the import reads (docs/training-csv.md). Strong and Hevy are the
 * layouts those apps publish for their exports; Spotter's is what GET /api/users/me/workouts.csv writes.
 */
export const strongColumns = [
  'Date',
  'Workout Name',
  'Duration',
  'Exercise Name',
  'Set Order',
  'Weight',
  'Reps',
  'Distance',
  'Seconds',
  'Notes',
  'Workout Notes',
  'RPE',
] as const;

/** Hevy writes weight_kg/distance_km, or weight_lbs/distance_miles when the account uses pounds. */
export const hevyColumns = [
  'title',
  'start_time',
  'end_time',
  'description',
  'exercise_title',
  'superset_id',
  'exercise_notes',
  'set_index',
  'set_type',
  'reps',
  'duration_seconds',
  'rpe',
] as const;

export const spotterColumns = [
  'workout_title',
  'started_at',
  'duration_sec',
  'workout_notes',
  'exercise_id',
  'exercise_name',
  'exercise_category',
  'exercise_measure',
  'exercise_notes',
  'set_type',
  'reps',
  'weight_kg',
  'distance_m',
  'set_duration_sec',
  'rpe',
] as const;

const hasAll = (header: readonly string[], columns: readonly string[]) => columns.every((c) => header.includes(c));

/** Which layout a header row is, if any. */
export function layoutOf(header: readonly string[]): ImportLayout | undefined {
  if (hasAll(header, spotterColumns)) return 'spotter';
  if (hasAll(header, strongColumns.slice(0, 7))) return 'strong';
  if (hasAll(header, hevyColumns.slice(0, 10))) return 'hevy';
  return undefined;
}

/** Hevy's set types, and Strong's letters in its Set Order column, as Spotter's. */
export const importedSetTypes: Record<string, SetType> = {
  normal: 'normal',
  warmup: 'warmup',
  dropset: 'drop',
  drop: 'drop',
  failure: 'failure',
  W: 'warmup',
  D: 'drop',
  F: 'failure',
};

/** What a new custom exercise records and is, guessed from the values its sets in the file carry. */
export function guessMeasure(
  sets: readonly {
    reps: number | null;
    weightKg: number | null;
    distanceM: number | null;
    durationSec: number | null;
  }[],
): {
  measure: ExerciseMeasure;
  category: ExerciseCategory;
} {
  if (sets.some((s) => (s.weightKg ?? 0) > 0)) return { measure: 'weight_reps', category: 'strength' };
  if (sets.some((s) => (s.distanceM ?? 0) > 0)) return { measure: 'distance_duration', category: 'cardio' };
  if (sets.some((s) => (s.reps ?? 0) > 0)) return { measure: 'reps', category: 'bodyweight' };
  return { measure: 'duration', category: 'cardio' };
}
