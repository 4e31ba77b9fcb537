import type { Transaction } from 'kysely';
import type { Db } from '../../../db/database';
import { prepared } from '../../../db/prepared';
import type { DatabaseSchema, Key } from '../../../db/schema';
import { postVisibleTo } from '../../safety';

/**
 * Reads a post the viewer may see (its key, like_count and author) by its public id inside a
 * transaction, locking the row on PostgreSQL so that checks and changes of one post's likes happen
 * one at a time; undefined when there is no such post or the viewer may not see it. SQLite needs no
 * row lock: Kysely's SQLite driver runs one transaction at a time on its single connection. The
 * visibility rule is asked here rather than in a read before the transaction: one statement instead
 * of two, and the answer cannot change between the check and the like.
 */
export async function lockVisiblePost(db: Db, trx: Transaction<DatabaseSchema>, publicId: string, viewerId: Key) {
  const [post] = await lockVisiblePostQuery(db, 'post', { publicId, viewer: viewerId }, trx);
  return post;
}

const lockVisiblePostQuery = prepared((db: Db, args: { publicId: string; viewer: Key }) => {
  const query = db.kysely
    .selectFrom('posts')
    .select(['posts.id', 'posts.like_count', 'posts.author_id'])
    .where('posts.public_id', '=', args.publicId)
    .where(postVisibleTo(args.viewer));
  // Only the posts row is locked, not the rows the rule's subqueries read.
  return db.kind === 'postgres' ? query.forUpdate('posts') : query;
});
