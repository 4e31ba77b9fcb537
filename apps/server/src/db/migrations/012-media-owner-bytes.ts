import { type Kysely, sql } from 'kysely';

/**
 * The per-person storage quota (issue 17, finding 2) sums a person's uploads at each upload: an
 * index of (owner_id, bytes) answers it from the index alone.
 */
export function mediaOwnerBytes() {
  return {
    async up(db: Kysely<unknown>) {
      await sql`create index media_owner_bytes on media (owner_id, bytes)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop index media_owner_bytes`.execute(db);
    },
  };
}
