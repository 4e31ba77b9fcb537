import type { Kysely } from 'kysely';

/**
 * Idempotency-Key of POST /api/posts, as POST /api/workouts has it (migration 108; issue 45,
 * finding 13): the hash of the request a key made its post with, so that the same key sent with a
 * different post is refused (422) rather than answered the first post. Keys stored before have
 * none (null) and replay as before, for the hours they have left.
 */
export function postIdempotencyBodies() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('post_idempotency_keys').addColumn('body_sha256', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('post_idempotency_keys').dropColumn('body_sha256').execute();
    },
  };
}
