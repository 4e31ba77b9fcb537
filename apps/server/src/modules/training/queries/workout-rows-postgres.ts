import { CompiledQuery, type Transaction } from 'kysely';
import type { DatabaseSchema } from '../../../db/schema';
import {
  type Columns,
  exerciseColumns,
  recordColumns,
  setColumns,
  standingColumns,
  standingValueColumns,
  workoutColumns,
} from './workout-columns';

/** What one workout write stores, rows by table: any number of each, none included. */
export interface WorkoutRowsByTable {
  workouts: readonly Record<string, unknown>[];
  exercises: readonly Record<string, unknown>[];
  sets: readonly Record<string, unknown>[];
  records: readonly Record<string, unknown>[];
  standings: readonly Record<string, unknown>[];
}

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
const standingUpdates = standingValueColumns.map((name) => `"${name}" = excluded."${name}"`).join(', ');

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
