import type { Kysely } from 'kysely';
import type { DialectKind } from '../database';

/**
 * Training settings (issue 15): units, the time zone of the weekly streak, and whether others see a
 * person's records. A table of its own rather than columns on users: only people who change a
 * setting have a row.
 */
export function trainingSettings(kind: DialectKind) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('training_settings')
        .addColumn('user_id', kind === 'postgres' ? 'bigint' : 'integer', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
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
