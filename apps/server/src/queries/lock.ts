import type { Kysely, Transaction } from 'kysely';
import type { DialectKind } from '../db/database';
import type { DatabaseSchema } from '../db/schema';

/**
 * Reads a post's like_count inside a transaction, locking the row on PostgreSQL so that checks and
 * changes of one post's likes happen one at a time. SQLite needs no row lock: Kysely's SQLite driver
 * runs one transaction at a time on its single connection.
 */
export async function lockPost(
  trx: Transaction<DatabaseSchema> | Kysely<DatabaseSchema>,
  kind: DialectKind,
  id: string,
) {
  const query = trx.selectFrom('posts').select(['id', 'like_count']).where('id', '=', id);
  return (kind === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}
