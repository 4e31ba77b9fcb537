import type { Kysely } from 'kysely';

/**
 * Why the token version last rose (issue 47, item 3): 'password_changed', 'logged_out_everywhere'
 * or 'account_suspended', null before this migration. A token refused for an older version, or for a
 * session ended with that rise, is answered with this reason so that the person is told why they were
 * signed out. One nullable column on the user's row: nothing to keep per ended session.
 */
export function tokenVersionReason() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('token_version_reason', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('token_version_reason').execute();
    },
  };
}
