import type { Kysely } from 'kysely';

/**
 * The home feed in trending order reads each followed person's posts by like count, newest first:
 * without this index it would sort all their posts (see modules/posts/queries/feeds.ts and tests/query-plans.test.ts).
 */
export function scaleIndexes() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('posts_author_trending')
        .on('posts')
        .columns(['author_id', 'like_count desc', 'created_at desc', 'id desc'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('posts_author_trending').execute();
    },
  };
}
