import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../database';

export function initial(kind: DialectKind) {
  const ts = kind === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('username_key', 'text', (c) => c.notNull().unique())
        .addColumn('firstname', 'text', (c) => c.notNull())
        .addColumn('lastname', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('website', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('avatar_url', 'text', (c) => c.notNull())
        .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', sql.raw(ts), (c) => c.notNull())
        .addColumn('updated_at', sql.raw(ts), (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('posts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('image', 'text')
        .addColumn('media_type', 'text')
        .addColumn('alt', 'text')
        .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`like_count >= 0`))
        .addColumn('created_at', sql.raw(ts), (c) => c.notNull())
        .addColumn('updated_at', sql.raw(ts), (c) => c.notNull())
        .execute();
      // Explore and the full list: newest or oldest first, id breaks ties. A profile: the same per author.
      await db.schema.createIndex('posts_created_at_id').on('posts').columns(['created_at', 'id']).execute();
      await db.schema
        .createIndex('posts_author_created_at_id')
        .on('posts')
        .columns(['author_id', 'created_at', 'id'])
        .execute();

      for (const table of ['likes', 'dislikes'] as const) {
        await db.schema
          .createTable(table)
          .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
          .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('created_at', sql.raw(ts), (c) => c.notNull())
          .addPrimaryKeyConstraint(`${table}_pk`, ['post_id', 'user_id'])
          .execute();
        await db.schema
          .createIndex(`${table}_user_created_at`)
          .on(table)
          .columns(['user_id', 'created_at', 'post_id'])
          .execute();
      }

      await db.schema
        .createTable('bookmarks')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('created_at', sql.raw(ts), (c) => c.notNull())
        .addPrimaryKeyConstraint('bookmarks_pk', ['user_id', 'post_id'])
        .execute();
      await db.schema
        .createIndex('bookmarks_user_created_at')
        .on('bookmarks')
        .columns(['user_id', 'created_at', 'post_id'])
        .execute();
      await db.schema.createIndex('bookmarks_post').on('bookmarks').column('post_id').execute();

      await db.schema
        .createTable('follows')
        .addColumn('follower_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('followee_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', sql.raw(ts), (c) => c.notNull())
        .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followee_id'])
        .addCheckConstraint('follows_not_self', sql`follower_id <> followee_id`)
        .execute();
      await db.schema
        .createIndex('follows_followee_follower')
        .on('follows')
        .columns(['followee_id', 'follower_id'])
        .execute();

      await db.schema
        .createTable('test_todos')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', sql.raw(ts), (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['test_todos', 'follows', 'bookmarks', 'dislikes', 'likes', 'posts', 'users']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
