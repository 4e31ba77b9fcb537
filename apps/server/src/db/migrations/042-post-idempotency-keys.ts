import type { Kysely } from 'kysely';
import type { DialectKind } from '../database';

/**
 * Idempotency-Key of POST /api/posts (issue 18): a retried create with the same key answers the
 * post the first one made. Keyed by (user, key); kept for a bounded time (constants.ts).
 */
export function postIdempotencyKeys(kind: DialectKind) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('post_idempotency_keys')
        .addColumn('user_id', kind === 'postgres' ? 'bigint' : 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('idempotency_key', 'text', (c) => c.notNull())
        .addColumn('post_public_id', 'text', (c) => c.notNull())
        .addColumn('created_at', kind === 'postgres' ? 'timestamptz' : 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('post_idempotency_keys_pk', ['user_id', 'idempotency_key'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('post_idempotency_keys').execute();
    },
  };
}
