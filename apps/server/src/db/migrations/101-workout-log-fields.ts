import type { Kysely } from 'kysely';
import type { DialectKind } from '../database';

/**
 * What a lifter logs besides the numbers (issue 46): whether a set was done (`workout_sets.done`,
 * 1 for every set logged before: only done sets were sent), an exercise's rest between sets and its
 * superset group, and the routine a workout was started from (set null when the routine goes).
 */
export function workoutLogFields(kind: DialectKind) {
  const ref = kind === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('workout_sets')
        .addColumn('done', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('workout_exercises').addColumn('rest_sec', 'integer').execute();
      await db.schema.alterTable('workout_exercises').addColumn('superset_group', 'integer').execute();
      await db.schema
        .alterTable('workouts')
        .addColumn('routine_id', ref, (c) => c.references('routines.id').onDelete('set null'))
        .execute();
      // Deleting a routine finds the workouts that name it without a scan.
      await db.schema.createIndex('workouts_routine').on('workouts').column('routine_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('workouts_routine').execute();
      await db.schema.alterTable('workouts').dropColumn('routine_id').execute();
      await db.schema.alterTable('workout_exercises').dropColumn('superset_group').execute();
      await db.schema.alterTable('workout_exercises').dropColumn('rest_sec').execute();
      await db.schema.alterTable('workout_sets').dropColumn('done').execute();
    },
  };
}
