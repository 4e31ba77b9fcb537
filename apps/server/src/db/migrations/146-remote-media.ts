import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectKind } from '../database';

/**
 * Remote media (issue 49, decision 101): each remote file a post or avatar shows, by the key our
 * /media/remote/<key> URL names (the sha256 of its origin URL). The origin URL is kept because the
 * key cannot be turned back into it; the type and size are set once the file has been fetched and
 * stored (null: not fetched yet, it is fetched when first shown).
 */
export function remoteMedia(kind: DialectKind) {
  const ts = kind === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await sql
        .raw(
          `create table remote_media (
            key text primary key,
            url text not null,
            content_type text,
            byte_size integer,
            fetched_at ${ts},
            created_at ${ts} not null)`,
        )
        .execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('remote_media').execute();
    },
  };
}
