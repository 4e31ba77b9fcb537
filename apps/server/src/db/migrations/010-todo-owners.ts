import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../database';

/**
 * The request tester's demo todos get an owner: adding and deleting need a token and touch only
 * one's own (issue 17, finding 8), an owner named by their integer key (decision 010). Todos from
 * before had no owner; they are demo data and go.
 */
export function todoOwners(kind: DialectKind) {
  return {
    async up(db: Kysely<unknown>) {
      await sql`DELETE FROM test_todos`.execute(db);
      await db.schema
        .alterTable('test_todos')
        .addColumn('user_id', kind === 'postgres' ? 'bigint' : 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .execute();
      await db.schema
        .createIndex('test_todos_user_created_at')
        .on('test_todos')
        .columns(['user_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('test_todos_user_created_at').execute();
      await db.schema.alterTable('test_todos').dropColumn('user_id').execute();
    },
  };
}
