import { type Kysely, sql } from 'kysely';

/**
 * Issue 45, finding 15: the counts a viewer reads are what they can see, corrected at read time from
 * two small index ranges rather than from the rows they count (decision 067).
 * - `posts_author_not_public`: a person's live posts that are not public, the only ones a profile's
 *   post count can hide from a viewer; partial, so a person's public posts are neither stored in it
 *   nor read (modules/accounts/queries/profiles.ts).
 * - `comments_author_post`: a person's comments on one post, probed once per person the viewer blocks,
 *   is blocked by or mutes (`hiddenCommentCount`, modules/safety/queries/visibility.ts). It replaces
 *   `comments_author` (author_id), whose reads (a person's comments: erasure, the foreign key) its
 *   first column serves.
 */
export function viewerCountIndexes() {
  return {
    async up(db: Kysely<unknown>) {
      await sql`create index posts_author_not_public on posts (author_id, visibility, removed_at)
        where visibility <> 'public' and removed_at is null`.execute(db);
      await db.schema.createIndex('comments_author_post').on('comments').columns(['author_id', 'post_id']).execute();
      await db.schema.dropIndex('comments_author').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.createIndex('comments_author').on('comments').column('author_id').execute();
      await db.schema.dropIndex('comments_author_post').execute();
      await db.schema.dropIndex('posts_author_not_public').execute();
    },
  };
}
