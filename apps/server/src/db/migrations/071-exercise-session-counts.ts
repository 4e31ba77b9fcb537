import { type Kysely, sql } from 'kysely';
import { rebuildStandings } from '../../modules/training';
import type { DatabaseSchema } from '../schema';

/**
 * Records count sessions, not entries (decision 040, amended): an exercise logged twice in one
 * workout is one session, and its session volume is the sum of both entries. `exercise_bests` rows
 * written before that counted each entry, and keep doing so until a back-dated workout, an edit or a
 * delete rewrites them. Only the people who logged some exercise twice in one workout can hold such
 * rows; theirs are rebuilt from the history, as migration 066 built everyone's.
 */
export function exerciseSessionCounts() {
  return {
    async up(db: Kysely<unknown>) {
      const k = db as unknown as Kysely<DatabaseSchema>;
      const people = await sql<{ user_id: number }>`select distinct user_id from (
          select user_id from workout_exercises group by user_id, workout_id, exercise_id having count(*) > 1
        ) twice`.execute(k);
      for (const { user_id } of people.rows) await rebuildStandings(k, user_id as never);
    },
    async down() {},
  };
}
