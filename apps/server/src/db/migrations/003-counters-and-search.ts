import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../database';

/**
 * Counters on users (so a profile header and "popular people" cost one row, not a count over the
 * network), an index for trending order, and an index for case-insensitive substring search on
 * usernames: FTS5 trigram on SQLite, pg_trgm on PostgreSQL.
 */
export function countersAndSearch(kind: DialectKind) {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of ['follower_count', 'following_count', 'post_count']) {
        await db.schema
          .alterTable('users')
          .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      }
      // Inlined rather than calling queries/: a migration must keep doing what it did when it shipped.
      await sql`update users set
        follower_count = (select count(*) from follows where follows.followee_id = users.id),
        following_count = (select count(*) from follows where follows.follower_id = users.id),
        post_count = (select count(*) from posts where posts.author_id = users.id)`.execute(db);
      await db.schema
        .createIndex('users_follower_count')
        .on('users')
        .columns(['follower_count desc', 'username_key'])
        .execute();
      await db.schema
        .createIndex('posts_trending')
        .on('posts')
        .columns(['like_count desc', 'created_at desc', 'id desc'])
        .execute();

      if (kind === 'postgres') {
        await sql`create extension if not exists pg_trgm`.execute(db);
        await sql`create index users_username_trgm on users using gin (username_key gin_trgm_ops)`.execute(db);
      } else {
        await sql`create virtual table users_search using fts5(
          username_key, content='users', content_rowid='rowid', tokenize='trigram')`.execute(db);
        await sql`create trigger users_search_insert after insert on users begin
          insert into users_search(rowid, username_key) values (new.rowid, new.username_key); end`.execute(db);
        await sql`create trigger users_search_delete after delete on users begin
          insert into users_search(users_search, rowid, username_key) values ('delete', old.rowid, old.username_key); end`.execute(
          db,
        );
        await sql`create trigger users_search_update after update of username_key on users begin
          insert into users_search(users_search, rowid, username_key) values ('delete', old.rowid, old.username_key);
          insert into users_search(rowid, username_key) values (new.rowid, new.username_key); end`.execute(db);
        await sql`insert into users_search(users_search) values ('rebuild')`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      if (kind === 'postgres') {
        await sql`drop index if exists users_username_trgm`.execute(db);
      } else {
        for (const trigger of ['users_search_insert', 'users_search_delete', 'users_search_update']) {
          await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
        }
        await sql`drop table if exists users_search`.execute(db);
      }
      await db.schema.dropIndex('posts_trending').execute();
      await db.schema.dropIndex('users_follower_count').execute();
      for (const column of ['follower_count', 'following_count', 'post_count']) {
        await db.schema.alterTable('users').dropColumn(column).execute();
      }
    },
  };
}
