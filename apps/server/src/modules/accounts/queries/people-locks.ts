import type { Transaction } from 'kysely';
import type { Db } from '../../../db/database';
import type { DatabaseSchema, Key } from '../../../db/schema';

/**
 * The first step of a write that names people (its actor, the author it tells, the people it
 * mentions): their user rows, and on PostgreSQL a KEY SHARE lock on each, taken in id order. An
 * account erasure locks its row FOR UPDATE before anything else (modules/erasure/queries/account-erasure.ts), so
 * the two now take turns at their first lock instead of each waiting for a row the other holds
 * (issue 45, finding 6: a dislike racing the disliker's erasure answered 500 "deadlock detected",
 * a comment racing its author's erasure 500 on comments_author_id_fkey). Answers those who still
 * exist: an actor missing from it was erased while their request was on its way.
 */
export async function lockPeople(db: Db, trx: Transaction<DatabaseSchema>, ids: readonly Key[]): Promise<Set<Key>> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (sorted.length === 0) return new Set();
  const query = trx.selectFrom('users').select('id').where('id', 'in', sorted).orderBy('id');
  const rows = await (db.kind === 'postgres' ? query.forKeyShare() : query).execute();
  return new Set(rows.map((row) => row.id));
}
