import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../database';

/** The tables whose rows make a post card (the post, its author's summary): decision 031. */
const versioned = ['posts', 'users'] as const;

/**
 * A row version on posts and users, raised by the database itself on every update of the row,
 * whatever statement made it (a like's counter, an edit, a visibility change, a new avatar): the
 * process-wide card cache (modules/posts/queries/card-cache.ts) keeps a card only while the versions it was built
 * from are still those the page query reads, so a change made through any server is seen by every
 * other at its next page (docs/decisions/031-card-cache.md).
 */
export function rowVersions(kind: DialectKind) {
  return {
    async up(db: Kysely<unknown>) {
      if (kind === 'postgres') {
        // Before the update: the version is part of the same row write, no second update.
        await sql`create function spotter_raise_row_version() returns trigger language plpgsql as $$
          begin
            if new.row_version = old.row_version then new.row_version := old.row_version + 1; end if;
            return new;
          end $$`.execute(db);
      }
      for (const table of versioned) {
        await sql`alter table ${sql.table(table)} add column row_version integer not null default 0`.execute(db);
        const trigger = sql.raw(`${table}_row_version`);
        if (kind === 'postgres') {
          await sql`create trigger ${trigger} before update on ${sql.table(table)} for each row
            execute function spotter_raise_row_version()`.execute(db);
        } else {
          // SQLite cannot assign NEW: a second update of the row, which does not fire the trigger
          // again (recursive triggers are off; the WHEN would stop it anyway).
          await sql`create trigger ${trigger} after update on ${sql.table(table)} for each row
            when new.row_version = old.row_version
            begin update ${sql.table(table)} set row_version = old.row_version + 1 where id = new.id; end`.execute(db);
        }
      }
    },
    async down(db: Kysely<unknown>) {
      for (const table of versioned) {
        await sql.raw(`drop trigger ${table}_row_version${kind === 'postgres' ? ` on ${table}` : ''}`).execute(db);
        await sql`alter table ${sql.table(table)} drop column row_version`.execute(db);
      }
      if (kind === 'postgres') await sql`drop function spotter_raise_row_version()`.execute(db);
    },
  };
}
