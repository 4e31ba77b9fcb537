import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../database';

/**
 * A post may show up to four uploads (issue 47, item 11; decision 088), so `media.post_id` is no
 * longer unique. What it guarded stays guarded: one upload is shown by one post at most, since a post
 * claims an upload by a conditional update (post_id null or already its own) in its transaction.
 * PostgreSQL drops the constraint; SQLite cannot drop a column's inline UNIQUE, so the table is
 * rebuilt as 006 made it, without it, and its indexes made again.
 */
export function uploadsPerPost(kind: DialectKind) {
  return {
    async up(db: Kysely<unknown>) {
      if (kind === 'postgres') {
        const { rows } = await sql<{ name: string }>`
          select c.conname as name from pg_constraint c
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
          where c.conrelid = 'media'::regclass and c.contype = 'u' and a.attname = 'post_id'`.execute(db);
        for (const { name } of rows) await sql`alter table media drop constraint ${sql.id(name)}`.execute(db);
        return;
      }
      await rebuildSqliteMedia(db, '');
    },
    async down(db: Kysely<unknown>) {
      if (kind === 'postgres') {
        await sql`alter table media add constraint media_post_id_key unique (post_id)`.execute(db);
        return;
      }
      await rebuildSqliteMedia(db, 'unique');
    },
  };
}

async function rebuildSqliteMedia(db: Kysely<unknown>, postIdConstraint: '' | 'unique') {
  await sql
    .raw(`create table media_rebuilt (
      id integer primary key autoincrement,
      public_id text not null unique,
      owner_id integer not null references users (id) on delete cascade,
      key text not null unique,
      type text not null check (type in ('image', 'video')),
      width integer not null,
      height integer not null,
      bytes integer not null,
      created_at text not null,
      post_id integer ${postIdConstraint} references posts (id) on delete set null)`)
    .execute(db);
  await sql`insert into media_rebuilt (id, public_id, owner_id, key, type, width, height, bytes, created_at, post_id)
    select id, public_id, owner_id, key, type, width, height, bytes, created_at, post_id from media`.execute(db);
  await sql`drop table media`.execute(db);
  await sql`alter table media_rebuilt rename to media`.execute(db);
  await sql`create index media_unattached_created_at on media (post_id, created_at)`.execute(db);
  await sql`create index media_owner_bytes on media (owner_id, bytes)`.execute(db);
}
