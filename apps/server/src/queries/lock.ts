import type { Kysely, Transaction } from 'kysely';
import type { DialectKind } from '../db/database';
import type { DatabaseSchema } from '../db/schema';

/**
 * Reads a post's integer key and like_count by its public id inside a transaction, locking the row on PostgreSQL so that checks and
 * changes of one post's likes happen one at a time. SQLite needs no row lock: Kysely's SQLite driver
 * runs one transaction at a time on its single connection.
 */
export async function lockPost(
  trx: Transaction<DatabaseSchema> | Kysely<DatabaseSchema>,
  kind: DialectKind,
  publicId: string,
) {
  const query = trx.selectFrom('posts').select(['id', 'like_count', 'author_id']).where('public_id', '=', publicId);
  return (kind === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}
