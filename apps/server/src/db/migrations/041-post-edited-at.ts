import type { Kysely } from 'kysely';
import type { DialectKind } from '../database';

/**
 * When a post's author last edited it (issue 18, item 14: the "edited" mark). Not updatedAt, which
 * every change moves, a like included (SPEC: "every backend change sets updatedAt to now").
 */
export function postEditedAt(kind: DialectKind) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('posts')
        .addColumn('edited_at', kind === 'postgres' ? 'timestamptz' : 'text')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('posts').dropColumn('edited_at').execute();
    },
  };
}
