import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../database';

/**
 * Follow requests (issue 49): a remote person's Follow of a locked account, held until the person
 * approves (an Accept is sent and the follow made) or rejects it (a Reject is sent). The Follow's id
 * is kept because the answer must name it.
 */
export function followRequests(kind: DialectKind) {
  const pg = kind === 'postgres';
  const ref = pg ? 'bigint' : 'integer';
  const ts = pg ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await sql
        .raw(
          `create table follow_requests (
            follower_id ${ref} not null references users (id) on delete cascade,
            followee_id ${ref} not null references users (id) on delete cascade,
            activity_uri text not null,
            created_at ${ts} not null,
            primary key (followee_id, follower_id))`,
        )
        .execute(db);
      await sql`create index follow_requests_follower on follow_requests (follower_id)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('follow_requests').execute();
    },
  };
}
