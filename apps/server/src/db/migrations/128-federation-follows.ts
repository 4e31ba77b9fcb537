import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../database';

/**
 * A local person following a remote one (issue 49): the `Follow` activity sent for each `follows` row
 * whose followee is remote, so that the remote server's `Accept` or `Reject` is matched to it and
 * an unfollow sends `Undo` of that same activity. `accepted_at` is null until the Accept arrives.
 * Gone with either person, and with the follow (the code deletes both together).
 */
export function federationFollows(kind: DialectKind) {
  const ref = kind === 'postgres' ? 'bigint' : 'integer';
  const ts = kind === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await sql
        .raw(
          `create table federation_follows (
            follower_id ${ref} not null references users (id) on delete cascade,
            followee_id ${ref} not null references users (id) on delete cascade,
            activity_uri text not null,
            created_at ${ts} not null,
            accepted_at ${ts},
            primary key (follower_id, followee_id))`,
        )
        .execute(db);
      await sql`create unique index federation_follows_activity on federation_follows (activity_uri)`.execute(db);
      await sql`create index federation_follows_followee on federation_follows (followee_id)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('federation_follows').execute();
    },
  };
}
