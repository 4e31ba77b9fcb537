import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../database';

/**
 * Running a federating server (issue 49, decision 096).
 * - federation_blocked_domains: the instance block list (a domain blocks its subdomains too).
 * - follows.failing_since: set when deliveries to the follower's server have been given up on
 *   (7 days without success); a moderator sees the failing servers.
 * - users.locked_account: 1 when the person approves each new follower (`manuallyApprovesFollowers`).
 */
export function federationOperations(kind: DialectKind) {
  const ts = kind === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await sql
        .raw(
          `create table federation_blocked_domains (
            domain text primary key,
            reason text not null default '',
            created_at ${ts} not null)`,
        )
        .execute(db);
      await sql.raw(`alter table follows add column failing_since ${ts}`).execute(db);
      await sql`alter table users add column locked_account integer not null default 0`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`alter table users drop column locked_account`.execute(db);
      await sql`alter table follows drop column failing_since`.execute(db);
      await db.schema.dropTable('federation_blocked_domains').execute();
    },
  };
}
