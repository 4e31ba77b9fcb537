import type { Kysely } from 'kysely';

/**
 * An upload's description (issue 50): Mastodon's apps upload first and write the alt text on the
 * upload (`PUT /api/v1/media/:id`) before the status is posted; the post then takes it as its photo's
 * alt, where Spotter keeps alt text. Null: none written.
 */
export function mediaDescription() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('media').addColumn('description', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('media').dropColumn('description').execute();
    },
  };
}
