import type { DatabaseSchema } from '../../../db/schema';

/**
 * The columns a workout's write fills, table by table, with their PostgreSQL types: the one list
 * SQLite's many-row inserts name (preparedRows) and PostgreSQL's one statement unnests
 * (workout-rows-postgres.ts), so that a column added to one is added to both.
 */

/** A table's columns with their PostgreSQL types, in the order they are bound. */
export type Columns<Row> = readonly (readonly [keyof Row & string, string])[];

export const workoutColumns = [
  ['id', 'text'],
  ['user_id', 'bigint'],
  ['title', 'text'],
  ['notes', 'text'],
  ['started_at', 'timestamptz'],
  ['duration_sec', 'integer'],
  ['routine_id', 'bigint'],
  ['total_volume_kg', 'double precision'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
] as const satisfies Columns<DatabaseSchema['workouts']>;

export const exerciseColumns = [
  ['workout_id', 'text'],
  ['position', 'integer'],
  ['exercise_id', 'text'],
  ['user_id', 'bigint'],
  ['started_at', 'timestamptz'],
  ['notes', 'text'],
  ['rest_sec', 'integer'],
  ['superset_group', 'integer'],
  ['volume_kg', 'double precision'],
  ['e1rm_kg', 'double precision'],
  ['best_weight_kg', 'double precision'],
  ['most_reps', 'integer'],
  ['longest_hold_sec', 'integer'],
  ['longest_distance_m', 'double precision'],
  ['fastest_pace_sec_per_km', 'double precision'],
] as const satisfies Columns<DatabaseSchema['workout_exercises']>;

export const setColumns = [
  ['workout_id', 'text'],
  ['exercise_position', 'integer'],
  ['position', 'integer'],
  ['type', 'text'],
  ['reps', 'integer'],
  ['weight_kg', 'double precision'],
  ['distance_m', 'double precision'],
  ['duration_sec', 'integer'],
  ['rpe', 'double precision'],
  ['done', 'integer'],
] as const satisfies Columns<DatabaseSchema['workout_sets']>;

export const recordColumns = [
  ['workout_id', 'text'],
  ['user_id', 'bigint'],
  ['exercise_id', 'text'],
  ['started_at', 'timestamptz'],
  ['type', 'text'],
  ['value', 'double precision'],
  ['weight_kg', 'double precision'],
  ['previous', 'double precision'],
] as const satisfies Columns<DatabaseSchema['workout_records']>;

export const standingColumns = [
  ['user_id', 'bigint'],
  ['exercise_id', 'text'],
  ['heaviest_weight_kg', 'double precision'],
  ['best_e1rm_kg', 'double precision'],
  ['best_volume_kg', 'double precision'],
  ['longest_distance_m', 'double precision'],
  ['fastest_pace_sec_per_km', 'double precision'],
  ['reps_at_weight', 'text'],
  ['entries', 'integer'],
  ['best_entry_volume_kg', 'double precision'],
  ['last_started_at', 'timestamptz'],
  ['longest_duration_sec', 'integer'],
  ['fastest_1k_sec', 'double precision'],
  ['fastest_5k_sec', 'double precision'],
  ['fastest_10k_sec', 'double precision'],
] as const satisfies Columns<DatabaseSchema['exercise_bests']>;

/** The names of some columns, in their order. */
export const namesOf = <Name extends string>(columns: readonly (readonly [Name, string])[]): Name[] =>
  columns.map(([name]) => name);

type StandingColumn = (typeof standingColumns)[number][0];
type StandingKeyColumn = 'user_id' | 'exercise_id';

/** The standings' columns an upsert replaces with the new row's: all but the key (user_id, exercise_id). */
export const standingValueColumns = namesOf(standingColumns).filter(
  (name): name is Exclude<StandingColumn, StandingKeyColumn> => name !== 'user_id' && name !== 'exercise_id',
);
