import { type Kysely, sql } from 'kysely';
import { rebuildStandings } from '../../modules/training';
import type { DatabaseSchema } from '../schema';

/**
 * Records in every exercise's own terms (issue 46): the longest timed set without a distance (a
 * plank), and the best times over 1, 5 and 10 km (from a set covering the distance, at its average
 * pace; decision 075), kept with the other bests in `exercise_bests`. The people with a timed set
 * get theirs rebuilt from the history, as migration 066 built everyone's.
 */
export function durationAndDistanceBests() {
  const decimal = 'double precision';
  const columns = ['longest_duration_sec', 'fastest_1k_sec', 'fastest_5k_sec', 'fastest_10k_sec'];
  return {
    async up(db: Kysely<unknown>) {
      for (const column of columns) {
        await db.schema
          .alterTable('exercise_bests')
          .addColumn(column, column === 'longest_duration_sec' ? 'integer' : decimal)
          .execute();
      }
      const k = db as unknown as Kysely<DatabaseSchema>;
      const people = await sql<{ user_id: number }>`select distinct we.user_id from workout_exercises we
          where exists (select 1 from workout_sets s
            where s.workout_id = we.workout_id and s.exercise_position = we.position and s.duration_sec > 0)`.execute(k);
      for (const { user_id } of people.rows) await rebuildStandings(k, user_id as never);
    },
    async down(db: Kysely<unknown>) {
      for (const column of columns) await db.schema.alterTable('exercise_bests').dropColumn(column).execute();
    },
  };
}
