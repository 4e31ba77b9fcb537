import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../schema';
import { rebuildEveryonesStandings } from './066-exercise-bests';

/**
 * Records in every exercise's own terms (issue 46): the longest timed set without a distance (a
 * plank), and the best times over 1, 5 and 10 km (from a set covering the distance, at its average
 * pace; decision 075), kept with the other bests in `exercise_bests`. Every person's rows are then
 * rebuilt from their history with the rules of the code that runs it: the job migrations 066 and 071
 * did before those rules read columns that 101 and this one add (they run before these in an upgrade).
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
      await rebuildEveryonesStandings(db as unknown as Kysely<DatabaseSchema>);
    },
    async down(db: Kysely<unknown>) {
      for (const column of columns) await db.schema.alterTable('exercise_bests').dropColumn(column).execute();
    },
  };
}
