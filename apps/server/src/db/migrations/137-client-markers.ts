import type { Kysely } from 'kysely';
import type { DialectKind } from '../database';

/**
 * Mastodon's markers (issue 50): where a person stopped reading their home timeline and their
 * notifications, saved by one app and read by the others (`/api/v1/markers`). One row per person and
 * timeline; `version` counts the saves, as Mastodon's does.
 */
export function clientMarkers(kind: DialectKind) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('client_markers')
        .addColumn('user_id', kind === 'postgres' ? 'bigint' : 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('timeline', 'text', (c) => c.notNull())
        .addColumn('last_read_id', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('updated_at', kind === 'postgres' ? 'timestamptz' : 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('client_markers_pk', ['user_id', 'timeline'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('client_markers').execute();
    },
  };
}
