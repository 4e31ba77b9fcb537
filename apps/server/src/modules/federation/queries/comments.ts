import type { Db } from '../../../db/database';
import type { Key } from '../../../db/schema';

/**
 * A local comment as its reply Note shows it: what it answers (its post's or parent's Note, local
 * or remote), and the post's visibility, which the comment's Note takes.
 */
export const findLocalComment = (db: Db, where: { id: Key } | { publicId: string }) => {
  const query = db.kysely
    .selectFrom('comments')
    .innerJoin('users as author', 'author.id', 'comments.author_id')
    .innerJoin('posts', 'posts.id', 'comments.post_id')
    .innerJoin('users as post_author', 'post_author.id', 'posts.author_id')
    .leftJoin('comments as parent', 'parent.id', 'comments.parent_id')
    .leftJoin('users as parent_author', 'parent_author.id', 'parent.author_id')
    .select([
      'comments.id',
      'comments.public_id',
      'comments.content',
      'comments.created_at',
      'comments.updated_at',
      'comments.author_id',
      'author.public_id as author_public_id',
      'posts.id as post_id',
      'posts.public_id as post_public_id',
      'posts.object_uri as post_object_uri',
      'posts.visibility',
      'post_author.actor_uri as post_author_actor_uri',
      'parent.public_id as parent_public_id',
      'parent.object_uri as parent_object_uri',
      'parent_author.actor_uri as parent_author_actor_uri',
    ])
    .where('comments.object_uri', 'is', null)
    .where('comments.removed_at', 'is', null)
    .where('posts.removed_at', 'is', null)
    .where('author.remote', '=', 0)
    .where('author.suspended_at', 'is', null);
  return (
    'id' in where ? query.where('comments.id', '=', where.id) : query.where('comments.public_id', '=', where.publicId)
  ).executeTakeFirst();
};

export type LocalComment = NonNullable<Awaited<ReturnType<typeof findLocalComment>>>;

/** A remote comment by its Note's id, with its author's actor: who may change it. */
export const commentByObjectUri = (db: Db, objectUri: string) =>
  db.kysely
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.author_id')
    .innerJoin('posts', 'posts.id', 'comments.post_id')
    .select([
      'comments.id',
      'comments.public_id',
      'comments.post_id',
      'posts.public_id as post_public_id',
      'users.actor_uri as author_actor_uri',
    ])
    .where('comments.object_uri', '=', objectUri)
    .executeTakeFirst();

/** A remote person's comment by public id: its Note's id and its author's actor (whom a report is sent to). */
export const remoteCommentOf = (db: Db, publicId: string) =>
  db.kysely
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.author_id')
    .select(['comments.object_uri', 'users.actor_uri as author_actor_uri'])
    .where('comments.public_id', '=', publicId)
    .where('users.remote', '=', 1)
    .executeTakeFirst();
