import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../database';

/**
 * The columns every safety rule reads (issue 16), added in one place so that visibility, blocks,
 * moderation and deletion build on the same shape: who may see a post, who may moderate, whom a
 * moderator suspended and what a moderator removed. Removed and suspended rows stay for the audit.
 */
export function safetyColumns(kind: DialectKind) {
  const ts = kind === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await sql`alter table posts add column visibility text not null default 'public'`.execute(db);
      await sql.raw(`alter table posts add column removed_at ${ts}`).execute(db);
      await sql.raw(`alter table comments add column removed_at ${ts}`).execute(db);
      await sql`alter table users add column role text not null default 'member'`.execute(db);
      await sql.raw(`alter table users add column suspended_at ${ts}`).execute(db);
      await sql`alter table users add column default_visibility text not null default 'public'`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`alter table users drop column default_visibility`.execute(db);
      await sql`alter table users drop column suspended_at`.execute(db);
      await sql`alter table users drop column role`.execute(db);
      await sql`alter table comments drop column removed_at`.execute(db);
      await sql`alter table posts drop column removed_at`.execute(db);
      await sql`alter table posts drop column visibility`.execute(db);
    },
  };
}
