import type { Kysely } from 'kysely';
import type { DialectKind } from '../database';

/**
 * Blocks and mutes (issue 16): one row per (person, other person), keyed by the pair. The visibility
 * rule asks "is there a block between A and B, either way" and "does A mute B" per row it reads: the
 * primary key answers one direction, the reverse index the other. Each person's list is paged by
 * the time of the block (or mute) from its own index. Rows go with either account (cascade).
 */
export function blocksAndMutes(kind: DialectKind) {
  const key = kind === 'postgres' ? 'bigint' : 'integer';
  const ts = kind === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      for (const [table, who, whom] of [
        ['blocks', 'blocker_id', 'blocked_id'],
        ['mutes', 'muter_id', 'muted_id'],
      ] as const) {
        await db.schema
          .createTable(table)
          .addColumn(who, key, (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn(whom, key, (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('created_at', ts, (c) => c.notNull())
          .addPrimaryKeyConstraint(`${table}_pk`, [who, whom])
          .execute();
        await db.schema.createIndex(`${table}_${whom}_${who}`).on(table).columns([whom, who]).execute();
        await db.schema
          .createIndex(`${table}_${who}_created_at`)
          .on(table)
          .columns([who, 'created_at', whom])
          .execute();
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('mutes').execute();
      await db.schema.dropTable('blocks').execute();
    },
  };
}
