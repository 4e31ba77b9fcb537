import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../database';

/**
 * Full-text search of posts (issue 47, decision 089): on SQLite an FTS5 index of `posts.content`
 * (`posts_search`, external content, kept in step by triggers on insert, delete and a change of the
 * text; `rebuild` fills it from the posts already there); on PostgreSQL a GIN index of the text's
 * `simple` tsvector, which the engine keeps in step itself and builds from the rows already there.
 * Both split words the same way (letters and digits, any case) and neither stems, so one query finds
 * the same posts on both engines. Who may see a found post is the visibility rule's, at read time.
 */
export function postSearch(kind: DialectKind) {
  return {
    async up(db: Kysely<unknown>) {
      if (kind === 'postgres') {
        await sql`create index posts_content_search on posts using gin (to_tsvector('simple', content))`.execute(db);
        return;
      }
      await sql`create virtual table posts_search using fts5(
        content, content='posts', content_rowid='id', tokenize='unicode61 remove_diacritics 0')`.execute(db);
      await sql`create trigger posts_search_insert after insert on posts begin
        insert into posts_search(rowid, content) values (new.id, new.content); end`.execute(db);
      await sql`create trigger posts_search_delete after delete on posts begin
        insert into posts_search(posts_search, rowid, content) values ('delete', old.id, old.content); end`.execute(db);
      await sql`create trigger posts_search_update after update of content on posts begin
        insert into posts_search(posts_search, rowid, content) values ('delete', old.id, old.content);
        insert into posts_search(rowid, content) values (new.id, new.content); end`.execute(db);
      await sql`insert into posts_search(posts_search) values ('rebuild')`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (kind === 'postgres') {
        await sql`drop index if exists posts_content_search`.execute(db);
        return;
      }
      for (const trigger of ['posts_search_insert', 'posts_search_delete', 'posts_search_update']) {
        await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
      }
      await sql`drop table if exists posts_search`.execute(db);
    },
  };
}
