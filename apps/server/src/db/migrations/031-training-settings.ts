import type { Kysely } from 'kysely';

/**
 * Training settings (issue 15): units, the time zone of the weekly streak, and whether others see a
 * person's records. A table of its own rather than columns on users: only people who change a
 * setting have a row, and the users table is being rekeyed by another line of work.
 */
export function trainingSettings() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('training_settings')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('units', 'text', (c) => c.notNull())
        .addColumn('time_zone', 'text', (c) => c.notNull())
        .addColumn('show_records', 'integer', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('training_settings').execute();
    },
  };
}
