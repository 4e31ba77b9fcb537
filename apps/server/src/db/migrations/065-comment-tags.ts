import { findHashtags } from '@spotter/contract';
import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../database';

/**
 * Hashtags of comments (issue 14; decision 039): `comment_tags` holds each comment's tags, and a
 * post's `post_tags` rows are the tags of its text and of its comments, so the tag page lists a
 * post whose comments use a tag and trending counts it (once per post, at the post's time). The
 * tags of comments already written are indexed here.
 */
export function commentTags(kind: DialectKind) {
  const key = kind === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('comment_tags')
        .addColumn('comment_id', key, (c) => c.notNull().references('comments.id').onDelete('cascade'))
        .addColumn('tag', 'text', (c) => c.notNull())
        .addColumn('post_id', key, (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('comment_tags_pk', ['comment_id', 'tag'])
        .execute();
      await db.schema.createIndex('comment_tags_post_tag').on('comment_tags').columns(['post_id', 'tag']).execute();

      // Existing comments, a thousand at a time by key.
      let after = 0;
      for (;;) {
        const rows = await sql<{ id: number; post_id: number; content: string; post_created_at: string | Date }>`
          select c.id, c.post_id, c.content, p.created_at as post_created_at
          from comments c join posts p on p.id = c.post_id
          where c.id > ${after} and c.content like ${'%#%'} order by c.id limit 1000`.execute(db);
        if (rows.rows.length === 0) break;
        for (const row of rows.rows) {
          const tags = findHashtags(row.content).slice(0, 30);
          if (tags.length === 0) continue;
          const at = row.post_created_at instanceof Date ? row.post_created_at.toISOString() : row.post_created_at;
          for (const tag of tags) {
            await sql`insert into comment_tags (comment_id, tag, post_id) values (${row.id}, ${tag}, ${row.post_id})
              on conflict do nothing`.execute(db);
            await sql`insert into post_tags (tag, post_id, created_at) values (${tag}, ${row.post_id}, ${at})
              on conflict do nothing`.execute(db);
          }
        }
        after = Number(rows.rows[rows.rows.length - 1]?.id ?? after);
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('comment_tags').execute();
    },
  };
}
