import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../database';

/**
 * Uploaded media: one row per stored file, owned by its uploader, attached to at most one post
 * (post_id null until a post shows it; the sweep removes uploads left unattached for a day).
 * Posts keep the pixel size of what they show, so a card reserves its space without a join.
 */
export function media(kind: DialectKind) {
  const ts = kind === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('media')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('key', 'text', (c) => c.notNull().unique())
        .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('image', 'video')`))
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('bytes', 'integer', (c) => c.notNull())
        .addColumn('created_at', sql.raw(ts), (c) => c.notNull())
        // Unique: one post per file, so deleting a post can delete its file without breaking another.
        .addColumn('post_id', 'text', (c) => c.unique().references('posts.id').onDelete('set null'))
        .execute();
      // The sweep's question: unattached uploads older than a day.
      await db.schema
        .createIndex('media_unattached_created_at')
        .on('media')
        .columns(['post_id', 'created_at'])
        .execute();

      await db.schema.alterTable('posts').addColumn('media_width', 'integer').execute();
      await db.schema.alterTable('posts').addColumn('media_height', 'integer').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('posts').dropColumn('media_height').execute();
      await db.schema.alterTable('posts').dropColumn('media_width').execute();
      await db.schema.dropTable('media').execute();
    },
  };
}
