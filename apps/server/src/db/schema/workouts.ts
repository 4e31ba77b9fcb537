import type { RecordType, SetType } from '@spotter/contract';
import type { Generated, Selectable } from 'kysely';
import type { Key } from './keys';
import type { Timestamp } from './timestamp';

export interface WorkoutsTable {
  id: string;
  user_id: Key;
  title: string;
  notes: string;
  started_at: Timestamp;
  duration_sec: number | null;
  /** The routine it was started from (migration 101); null when none, or since it was deleted. */
  routine_id: Generated<Key | null>;
  /** Sum of the exercises' volumes, computed when the workout is written. */
  total_volume_kg: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type WorkoutRow = Selectable<WorkoutsTable>;

/** One exercise of a workout, in its place; user and start are copied so history reads need no join. */
export interface WorkoutExercisesTable {
  workout_id: string;
  position: number;
  exercise_id: string;
  user_id: Key;
  started_at: Timestamp;
  notes: string;
  /** Seconds of rest between its sets; null: the app's default (migration 101). */
  rest_sec: Generated<number | null>;
  /** Exercises of a workout sharing it are done back to back; null alone. */
  superset_group: Generated<number | null>;
  volume_kg: number;
  e1rm_kg: number | null;
  /** Heaviest weight of its work sets of 1 rep or more (null when none had a load): progress charts it. */
  best_weight_kg: number | null;
  /** What progress charts for reps, holds and runs, from its work sets; null when none (migration 140). */
  most_reps: number | null;
  longest_hold_sec: number | null;
  longest_distance_m: number | null;
  fastest_pace_sec_per_km: number | null;
}
export type WorkoutExerciseRow = Selectable<WorkoutExercisesTable>;

/** One set, in SI units. */
export interface WorkoutSetsTable {
  workout_id: string;
  exercise_position: number;
  position: number;
  type: SetType;
  reps: number | null;
  weight_kg: number | null;
  distance_m: number | null;
  duration_sec: number | null;
  rpe: number | null;
  /** 1 when done, 0 for a set planned but not done (it counts for nothing); migration 101. */
  done: Generated<number>;
}
export type WorkoutSetRow = Selectable<WorkoutSetsTable>;

/** A record a workout set, rewritten with the workouts it depends on (modules/training/records.ts). */
export interface WorkoutRecordsTable {
  workout_id: string;
  user_id: Key;
  exercise_id: string;
  started_at: Timestamp;
  type: RecordType;
  value: number;
  weight_kg: number | null;
  previous: number;
}
export type WorkoutRecordRow = Selectable<WorkoutRecordsTable>;

/**
 * A person's current bests of one exercise (migration 066, decision 040): the record rules' state
 * after their last session, so that a workout logged after it compares with this row instead of
 * re-reading years of sets, and the figures `GET /api/users/{u}/records` answers.
 */
export interface ExerciseBestsTable {
  user_id: Key;
  exercise_id: string;
  heaviest_weight_kg: number | null;
  best_e1rm_kg: number | null;
  /** Best session volume (an exercise logged twice in a workout is one session), for the records. */
  best_volume_kg: number | null;
  longest_distance_m: number | null;
  fastest_pace_sec_per_km: number | null;
  /** The longest set timed without a distance, in seconds (migration 102). */
  longest_duration_sec: Generated<number | null>;
  /** Best times over 1, 5 and 10 km, in seconds (migration 102; decision 075). */
  fastest_1k_sec: Generated<number | null>;
  fastest_5k_sec: Generated<number | null>;
  fastest_10k_sec: Generated<number | null>;
  /** JSON `[[weightKg, reps], ...]`: the most reps done at each exact weight (to the gram). */
  reps_at_weight: string;
  /**
   * Sessions of the exercise: the workouts that have it (logged twice in one, it counts once), what
   * the records answer calls `sessions`. Named for the entries it counted before (decision 040).
   */
  entries: number;
  /** The largest volume of one entry; no answer reads it since `bestVolumeKg` is per session (decision 040). */
  best_entry_volume_kg: number;
  last_started_at: Timestamp;
}
export type ExerciseBestsRow = Selectable<ExerciseBestsTable>;
