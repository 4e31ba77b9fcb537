import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../database';

/**
 * A person's optional email (issue 45), one row per person who added one. `address` is the verified
 * one, which "Forgot password?" mails to; `pending_address` waits for its link, whose token is kept
 * only as a SHA-256 (`token_hash`, as password_resets does: a leaked database verifies nothing).
 * A new address replaces the one waiting, never the verified one until it is verified itself.
 * Its own table, not columns of users: no user answer, card or page reads it by accident.
 */
export function accountEmails(kind: DialectKind) {
  const pg = kind === 'postgres';
  const ref = pg ? 'bigint' : 'integer';
  const ts = pg ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await sql
        .raw(
          `create table account_emails (
            user_id ${ref} primary key references users (id) on delete cascade,
            address text,
            verified_at ${ts},
            pending_address text,
            token_hash text unique,
            token_expires_at ${ts},
            updated_at ${ts} not null)`,
        )
        .execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table account_emails`.execute(db);
    },
  };
}
