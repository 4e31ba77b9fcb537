import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Comments from other servers (issue 49): a reply Note that becomes a comment keeps its Note's id,
 * so a second delivery is the same comment and an Update or Delete of it finds it.
 */
export function remoteComments() {
  return {
    async up(db: Kysely<unknown>) {
      await sql`alter table comments add column object_uri text`.execute(db);
      await sql`create unique index comments_object_uri on comments (object_uri)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop index comments_object_uri`.execute(db);
      await sql`alter table comments drop column object_uri`.execute(db);
    },
  };
}
