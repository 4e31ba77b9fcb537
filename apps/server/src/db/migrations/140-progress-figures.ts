import { type Kysely, sql } from 'kysely';

const leading = ['user_id', 'exercise_id', 'started_at', 'workout_id'];
const charted = ['e1rm_kg', 'volume_kg', 'best_weight_kg'];
const added = ['most_reps', 'longest_hold_sec', 'longest_distance_m', 'fastest_pace_sec_per_km'];

/**
 * What a progress point charts for a rep, a hold or a run (most reps, longest hold, longest distance,
 * fastest pace; issue 46) stored on each entry as its other figures are, and put in the history index
 * beside them (migration 075): the chart had read them from each entry's sets, four small statements
 * a point, which took a two-year chart from 0.37 to 8-11 ms of server CPU a request
 * (docs/performance-log.md, "Progress points read from the sets").
 */
export function progressFigures() {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of added) {
        const type = column === 'most_reps' || column === 'longest_hold_sec' ? 'integer' : 'double precision';
        await db.schema.alterTable('workout_exercises').addColumn(column, type).execute();
      }
      await fillProgressFigures(db);
      await rebuildHistoryIndex(db, 'with progress figures');
    },
    async down(db: Kysely<unknown>) {
      await rebuildHistoryIndex(db, 'as 075 left it');
      for (const column of added) await db.schema.alterTable('workout_exercises').dropColumn(column).execute();
    },
  };
}

/** The history index with the figures 075 put in it, or with this migration's as well. */
export async function rebuildHistoryIndex(db: Kysely<unknown>, shape: 'as 075 left it' | 'with progress figures') {
  const columns = [...leading, ...charted, ...(shape === 'with progress figures' ? added : [])];
  await db.schema.dropIndex('workout_exercises_history').execute();
  await db.schema.createIndex('workout_exercises_history').on('workout_exercises').columns(columns).execute();
}

/**
 * Each entry's figures from its work sets (done, not warm-ups), as `progressFiguresOf` computes them
 * when a workout is saved (modules/training/set-metrics.ts). Also run by the bench's loaders, which
 * write the rows straight into the tables.
 */
export async function fillProgressFigures<Schema>(db: Kysely<Schema>) {
  const ofSets = (figure: ReturnType<typeof sql>) =>
    sql`(select ${figure} from workout_sets s
      where s.workout_id = workout_exercises.workout_id and s.exercise_position = workout_exercises.position
        and s.type <> 'warmup' and s.done = 1)`;
  const positive = (value: ReturnType<typeof sql>) => sql`case when ${value} > 0 then ${value} end`;
  await sql`update workout_exercises set
      most_reps = ${ofSets(positive(sql`max(s.reps)`))},
      longest_hold_sec = ${ofSets(positive(sql`max(case when s.distance_m is null then s.duration_sec end)`))},
      longest_distance_m = ${ofSets(positive(sql`max(s.distance_m)`))},
      fastest_pace_sec_per_km = ${ofSets(sql`min(case when s.distance_m > 0 and s.duration_sec > 0 then s.duration_sec * 1000.0 / s.distance_m end)`)}`.execute(
    db,
  );
}
