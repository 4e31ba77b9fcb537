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
  'set_done',
  'rest_sec',
  'superset_group',
] as const;

/** The columns a Spotter file must have: those written before issue 46 end at `rpe`. */
const spotterRequired = spotterColumns.slice(0, spotterColumns.indexOf('rpe') + 1);

const hasAll = (header: readonly string[], columns: readonly string[]) => columns.every((c) => header.includes(c));

/** Which layout a header row is, if any. */
export function layoutOf(header: readonly string[]): ImportLayout | undefined {
  if (hasAll(header, spotterRequired)) return 'spotter';
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
  const has = (field: 'reps' | 'weightKg' | 'distanceM' | 'durationSec') => sets.some((s) => (s[field] ?? 0) > 0);
  const loaded = has('weightKg');
  if (has('reps'))
    return loaded ? { measure: 'weight_reps', category: 'strength' } : { measure: 'reps', category: 'bodyweight' };
  // A load carried over a distance or held for a time (a Zercher carry of 40 kg for 60 s) keeps both.
  if (has('distanceM')) return { measure: 'distance_duration', category: loaded ? 'strength' : 'cardio' };
  if (has('durationSec')) return { measure: 'duration', category: loaded ? 'strength' : 'cardio' };
  return loaded ? { measure: 'weight_reps', category: 'strength' } : { measure: 'duration', category: 'cardio' };
}
