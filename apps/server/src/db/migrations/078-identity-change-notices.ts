import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../database';
import { identityChannel } from '../identity-changes';

/**
 * PostgreSQL announces every change that can end a token or change what a signed-in request knows
 * of its user (decision 055): a user's token version, suspension, role or username set, the user
 * deleted, one of their sessions ended. The NOTIFY is part of the writing transaction, so every
 * listening server hears it when the change commits, whoever made it (a server, `npm run admin`, a
 * hand-written statement), and never for a change rolled back. Servers keep the identities they read
 * only while they hear these (auth/identity-cache.ts). SQLite is one server's database: it needs none.
 */
export function identityChangeNotices(kind: DialectKind) {
  return {
    async up(db: Kysely<unknown>) {
      if (kind !== 'postgres') return;
      await sql
        .raw(`create function spotter_identity_changed() returns trigger language plpgsql as $$
          begin
            -- Two statements, each planned only when it runs: a users row has no user_id, a session no id of its user.
            if tg_table_name = 'sessions' then
              perform pg_notify('${identityChannel}', old.user_id::text);
            else
              perform pg_notify('${identityChannel}', old.id::text);
            end if;
            return null;
          end $$`)
        .execute(db);
      await sql`create trigger users_identity_changed after update of token_version, suspended_at, role, username or delete
        on users for each row execute function spotter_identity_changed()`.execute(db);
      await sql`create trigger sessions_identity_changed after delete
        on sessions for each row execute function spotter_identity_changed()`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (kind !== 'postgres') return;
      await sql`drop trigger sessions_identity_changed on sessions`.execute(db);
      await sql`drop trigger users_identity_changed on users`.execute(db);
      await sql`drop function spotter_identity_changed()`.execute(db);
    },
  };
}
