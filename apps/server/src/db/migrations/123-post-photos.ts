import type { Kysely } from 'kysely';

/**
 * Up to four photos per post (issue 47, item 11; decision 088). The first photo stays in the post's
 * own media columns (image, alt, media_width, media_height), so every answer and every client that
 * reads `image` reads what it did; `photos` holds the whole ordered list as JSON
 * (`[{ url, alt, width, height }]`) when a post has more than one, and is null otherwise (the list
 * is then made of the media columns alone).
 */
export function postPhotos() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('posts').addColumn('photos', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('posts').dropColumn('photos').execute();
    },
  };
}
