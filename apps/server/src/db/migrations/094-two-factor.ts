import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../database';

/**
 * Two-factor sign-in (issue 45): one TOTP key per person, confirmed or still being set up, and ten
 * single-use recovery codes kept as hashes. Both go with the account (on delete cascade).
 * `last_step`: the newest 30-second step whose code was accepted; a code of that step or an older one
 * is refused, so a code works once (RFC 6238, 5.2).
 */
export function twoFactorTables(kind: DialectKind) {
  const pg = kind === 'postgres';
  const ref = pg ? 'bigint' : 'integer';
  const ts = pg ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await sql
        .raw(
          `create table two_factor (
            user_id ${ref} primary key references users (id) on delete cascade,
            secret text not null,
            confirmed_at ${ts},
            last_step bigint,
            created_at ${ts} not null)`,
        )
        .execute(db);
      await sql
        .raw(
          `create table two_factor_recovery_codes (
            user_id ${ref} not null references users (id) on delete cascade,
            code_sha256 text not null,
            used_at ${ts},
            primary key (user_id, code_sha256))`,
        )
        .execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table two_factor_recovery_codes`.execute(db);
      await sql`drop table two_factor`.execute(db);
    },
  };
}
