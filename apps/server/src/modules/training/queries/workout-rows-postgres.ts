import { CompiledQuery, type Transaction } from 'kysely';
import type { DatabaseSchema } from '../../../db/schema';

/** A table's columns with their PostgreSQL types, in the order the statement binds them. */
type Columns<Row> = readonly (readonly [keyof Row & string, string])[];

/** What one workout write stores, rows by table: any number of each, none included. */
export interface WorkoutRowsByTable {
  workouts: readonly Record<string, unknown>[];
  exercises: readonly Record<string, unknown>[];
  sets: readonly Record<string, unknown>[];
  records: readonly Record<string, unknown>[];
  standings: readonly Record<string, unknown>[];
}

const workoutColumns = [
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

const exerciseColumns = [
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

const setColumns = [
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

const recordColumns = [
  ['workout_id', 'text'],
  ['user_id', 'bigint'],
  ['exercise_id', 'text'],
  ['started_at', 'timestamptz'],
  ['type', 'text'],
  ['value', 'double precision'],
  ['weight_kg', 'double precision'],
  ['previous', 'double precision'],
] as const satisfies Columns<DatabaseSchema['workout_records']>;

const standingColumns = [
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

const parts = [
  { key: 'workouts', table: 'workouts', columns: workoutColumns },
  { key: 'exercises', table: 'workout_exercises', columns: exerciseColumns },
  { key: 'sets', table: 'workout_sets', columns: setColumns },
  { key: 'records', table: 'workout_records', columns: recordColumns },
  { key: 'standings', table: 'exercise_bests', columns: standingColumns },
] as const satisfies readonly { key: keyof WorkoutRowsByTable; table: string; columns: Columns<never> }[];

/** `insert into t (a, b) select * from unnest($n::ta[], $n+1::tb[])`: any number of rows, one text. */
function unnestInsert(table: string, columns: Columns<never>, firstParameter: number) {
  const names = columns.map(([name]) => `"${name}"`).join(', ');
  const arrays = columns.map(([, type], i) => `$${firstParameter + i}::${type}[]`).join(', ');
  return `insert into "${table}" (${names}) select * from unnest(${arrays})`;
}

/** The standings' upsert: every column but the key takes the new row's value. */
const standingUpdates = standingColumns
  .filter(([name]) => name !== 'user_id' && name !== 'exercise_id')
  .map(([name]) => `"${name}" = excluded."${name}"`)
  .join(', ');

/**
 * One statement whatever the number of rows: each table's rows as one array per column, unnested
 * into an insert, the first four as data-modifying WITH parts (each runs once, to completion, and
 * the foreign keys are checked at the statement's end) and the standings' upsert last.
 */
const statementText = (() => {
  let next = 1;
  const inserts = parts.map(({ table, columns }) => {
    const text = unnestInsert(table, columns, next);
    next += columns.length;
    return text;
  });
  const upsert = `${inserts.pop()} on conflict ("user_id", "exercise_id") do update set ${standingUpdates}`;
  return `with ${inserts.map((text, i) => `w${i} as (${text})`).join(', ')} ${upsert}`;
})();

/**
 * PostgreSQL: writes a workout write's rows (its workouts, exercises, sets, and the records and
 * standings worked out before it) in one round trip, where one statement a table took five. The
 * text never changes, so it is prepared once per connection and planned once
 * (db/postgres-named-statements.ts); a workout's write and an import's thousands of sets alike.
 */
export async function writeWorkoutRowsAtOnce(trx: Transaction<DatabaseSchema>, rows: WorkoutRowsByTable) {
  const parameters = parts.flatMap(({ key, columns }) =>
    columns.map(([name]) => rows[key].map((row) => row[name] ?? null)),
  );
  await trx.executeQuery(CompiledQuery.raw(statementText, parameters));
}
