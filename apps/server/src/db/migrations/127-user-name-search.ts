import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../database';

/**
 * People found by first and last name as well as by username (issue 47, decision 089): an index of
 * "firstname lastname" for substring search in any case, as 003 made for usernames. On SQLite a
 * contentless FTS5 trigram table (`users_search_names`: the name is an expression, not a column),
 * kept in step by triggers and filled from the people already there; on PostgreSQL a pg_trgm GIN
 * index of the lowercased expression, which LIKE uses.
 */
export function userNameSearch(kind: DialectKind) {
  return {
    async up(db: Kysely<unknown>) {
      if (kind === 'postgres') {
        await sql`create index users_name_trgm on users
          using gin ((lower(firstname || ' ' || lastname)) gin_trgm_ops)`.execute(db);
        return;
      }
      await sql`create virtual table users_search_names using fts5(name, content='', tokenize='trigram')`.execute(db);
      await sql`create trigger users_search_names_insert after insert on users begin
        insert into users_search_names(rowid, name) values (new.id, new.firstname || ' ' || new.lastname); end`.execute(
        db,
      );
      await sql`create trigger users_search_names_delete after delete on users begin
        insert into users_search_names(users_search_names, rowid, name)
          values ('delete', old.id, old.firstname || ' ' || old.lastname); end`.execute(db);
      await sql`create trigger users_search_names_update after update of firstname, lastname on users begin
        insert into users_search_names(users_search_names, rowid, name)
          values ('delete', old.id, old.firstname || ' ' || old.lastname);
        insert into users_search_names(rowid, name) values (new.id, new.firstname || ' ' || new.lastname); end`.execute(
        db,
      );
      await sql`insert into users_search_names(rowid, name) select id, firstname || ' ' || lastname from users`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>) {
      if (kind === 'postgres') {
        await sql`drop index if exists users_name_trgm`.execute(db);
        return;
      }
      for (const trigger of ['users_search_names_insert', 'users_search_names_delete', 'users_search_names_update']) {
        await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
      }
      await sql`drop table if exists users_search_names`.execute(db);
    },
  };
}
