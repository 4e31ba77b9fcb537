import type { Kysely } from 'kysely';
import type { DialectKind } from '../database';

/**
 * Idempotency-Key of POST /api/workouts (issue 48): a workout saved offline is sent again until an
 * answer arrives, so a replay after a lost answer must answer the workout the first call stored.
 * The key row is written in the workout's own transaction; `workout_id` has no foreign key, so a key
 * outlives its deleted workout and a replay of it answers 404 instead of storing the workout again.
 * `body_sha256` tells a replay from a different request under the same key (422).
 */
export function workoutIdempotencyKeys(kind: DialectKind) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('workout_idempotency_keys')
        .addColumn('user_id', kind === 'postgres' ? 'bigint' : 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('idempotency_key', 'text', (c) => c.notNull())
        .addColumn('workout_id', 'text', (c) => c.notNull())
        .addColumn('body_sha256', 'text', (c) => c.notNull())
        .addColumn('created_at', kind === 'postgres' ? 'timestamptz' : 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('workout_idempotency_keys_pk', ['user_id', 'idempotency_key'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('workout_idempotency_keys').execute();
    },
  };
}
