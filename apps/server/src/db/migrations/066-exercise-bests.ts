import { type Kysely, sql } from 'kysely';
import { rebuildStandings } from '../../modules/training';
import type { DialectKind } from '../database';
import type { DatabaseSchema } from '../schema';

/**
 * Stored training figures (issue 15's performance; decision 040):
 * - `exercise_bests`: a person's current bests per exercise (the record rules' state after their
 *   last session, and the figures the records answer), so that a workout logged after the history
 *   compares with one row per exercise, and the records answer reads one row per exercise;
 * - `workout_exercises.best_weight_kg`: the heaviest weight of an entry's work sets, so that the
 *   progress chart reads one index range and no set.
 * Both are filled here from the workouts already stored.
 */
export function exerciseBests(kind: DialectKind) {
  const ts = kind === 'postgres' ? 'timestamptz' : 'text';
  const decimal = 'double precision';
  const key = kind === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('workout_exercises').addColumn('best_weight_kg', decimal).execute();
      await db.schema
        .createTable('exercise_bests')
        .addColumn('user_id', key, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('exercise_id', 'text', (c) => c.notNull().references('exercises.id').onDelete('cascade'))
        .addColumn('heaviest_weight_kg', decimal)
        .addColumn('best_e1rm_kg', decimal)
        .addColumn('best_volume_kg', decimal)
        .addColumn('longest_distance_m', decimal)
        .addColumn('fastest_pace_sec_per_km', decimal)
        .addColumn('reps_at_weight', 'text', (c) => c.notNull())
        .addColumn('entries', 'integer', (c) => c.notNull())
        .addColumn('best_entry_volume_kg', decimal, (c) => c.notNull())
        .addColumn('last_started_at', sql.raw(ts), (c) => c.notNull())
        .addPrimaryKeyConstraint('exercise_bests_pk', ['user_id', 'exercise_id'])
        .execute();
      // Deleting a custom exercise (its owner's erasure) finds its rows without a scan.
      await db.schema.createIndex('exercise_bests_exercise').on('exercise_bests').column('exercise_id').execute();
      // The standings are filled by migration 102, which follows this one in every upgrade: it
      // rebuilds them with the record rules of the code that runs it (this code's rules read
      // columns that 101 and 102 add).
      await fillBestWeights(db as unknown as Kysely<DatabaseSchema>);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('exercise_bests').execute();
      await db.schema.alterTable('workout_exercises').dropColumn('best_weight_kg').execute();
    },
  };
}

/**
 * Computes both from the stored workouts: the migration's backfill, and the bench loaders' after
 * they write workouts straight into the tables. Person by person, with the server's own aggregates
 * of the history (modules/training/queries/exercise-bests.ts), so the rows are what the writes would have kept.
 */
export async function fillTrainingFigures(db: Kysely<DatabaseSchema>) {
  await fillBestWeights(db);
  await rebuildEveryonesStandings(db);
}

/** Each entry's heaviest work-set weight, from its sets. */
async function fillBestWeights(db: Kysely<DatabaseSchema>) {
  await sql`update workout_exercises set best_weight_kg = (
      select max(s.weight_kg) from workout_sets s
      where s.workout_id = workout_exercises.workout_id and s.exercise_position = workout_exercises.position
        and s.type <> 'warmup' and s.reps >= 1 and s.weight_kg > 0)`.execute(db);
}

/** Every person's stored standings, rebuilt from their history (migration 102, the bench loaders). */
export async function rebuildEveryonesStandings(db: Kysely<DatabaseSchema>) {
  const people = await db.selectFrom('workout_exercises').select('user_id').distinct().execute();
  for (const { user_id } of people) {
    await rebuildStandings(db, user_id);
  }
}
