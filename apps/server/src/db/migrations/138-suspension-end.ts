import type { Kysely } from 'kysely';
import type { DialectKind } from '../database';

/**
 * Suspensions have an end (issue 47; decision 099): `users.suspended_until` (null: until a moderator
 * lifts it) and, for the audit log's sentence, the days the moderator chose on the suspension's entry.
 */
export function suspensionEnd(kind: DialectKind) {
  const ts = kind === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('suspended_until', ts).execute();
      await db.schema.alterTable('moderation_actions').addColumn('suspend_days', 'integer').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('moderation_actions').dropColumn('suspend_days').execute();
      await db.schema.alterTable('users').dropColumn('suspended_until').execute();
    },
  };
}
