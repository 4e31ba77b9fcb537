import type { Kysely } from 'kysely';

/**
 * A workout that came with a remote post (issue 49, decision 095): `posts.workout_data`, the
 * `spotter:workout` value of its Note as JSON, checked against the contract's schema. The card shows
 * `workout_summary` as for a local post; this keeps every set, so "Copy to my log" can copy it. A
 * local post keeps null here: its workout is in the training tables (`workout_id`).
 */
export function remoteWorkouts() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('posts').addColumn('workout_data', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('posts').dropColumn('workout_data').execute();
    },
  };
}
