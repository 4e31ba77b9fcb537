import type { Kysely } from 'kysely';

/**
 * The follower and following lists (issue 18) are paged most recent follow first: each side reads
 * its rows in follow-time order from an index, instead of sorting all of a popular person's followers.
 */
export function followLists() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('follows_followee_created_at')
        .on('follows')
        .columns(['followee_id', 'created_at', 'follower_id'])
        .execute();
      await db.schema
        .createIndex('follows_follower_created_at')
        .on('follows')
        .columns(['follower_id', 'created_at', 'followee_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('follows_followee_created_at').execute();
      await db.schema.dropIndex('follows_follower_created_at').execute();
    },
  };
}
