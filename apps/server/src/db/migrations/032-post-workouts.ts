import type { Kysely } from 'kysely';

/**
 * A post can carry one of its author's workouts (issue 15): `workout_id`, and `workout_summary`, the
 * card's summary of it as JSON (title, duration, best sets, record badges), kept with the post so a
 * feed page reads no workout table; rewritten when the workout or its records change. The index
 * finds the posts of a workout that changed (and keeps deleting a workout from scanning posts).
 */
export function postWorkouts() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('posts')
        .addColumn('workout_id', 'text', (c) => c.references('workouts.id').onDelete('set null'))
        .execute();
      await db.schema.alterTable('posts').addColumn('workout_summary', 'text').execute();
      await db.schema.createIndex('posts_workout_id').on('posts').column('workout_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('posts_workout_id').execute();
      await db.schema.alterTable('posts').dropColumn('workout_summary').execute();
      await db.schema.alterTable('posts').dropColumn('workout_id').execute();
    },
  };
}
