import crypto from 'node:crypto';
import { postIdempotency } from '@spotter/contract';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Db } from './database';
import type { DatabaseSchema, Key } from './schema';
import type { Timestamp } from './schema/timestamp';
import { nowIso } from './time';

/**
 * The Idempotency-Key tables of the creates that take one (POST /api/posts, migrations 042 and 089;
 * POST /api/workouts, migration 108): a row per (person, key) naming what the key made and the hash
 * of the request it made it with. The row is written in the created thing's own transaction and has
 * no foreign key to it, so a key outlives what it made: a replay of something deleted since is told
 * so (404) instead of making it again, and the key sent with a different request is refused (422).
 */
export const idempotencyKeyTables = {
  posts: { table: 'post_idempotency_keys', made: 'post_public_id' },
  workouts: { table: 'workout_idempotency_keys', made: 'workout_id' },
} as const;

export type IdempotencyKeyTable = (typeof idempotencyKeyTables)[keyof typeof idempotencyKeyTables];

/** What a key stored before: the id of what it made and the hash of its request (null: not kept then). */
export type EarlierUse = { madeId: string; bodySha256: string | null };

/** Writes the key row: the create runs it in its own transaction, before what it makes. */
export type ClaimInTransaction = (trx: Transaction<DatabaseSchema>) => Promise<void>;

/** Another call with this key committed first: its transaction holds the key row. */
export class IdempotencyKeyTaken extends Error {}

/** The columns both tables share, under either table's name (their made-id column named by `made`). */
type KeyRow = {
  user_id: Key;
  idempotency_key: string;
  body_sha256: string | null;
  created_at: Timestamp;
  post_public_id: string;
  workout_id: string;
};
type KeyTables = { [T in IdempotencyKeyTable['table']]: KeyRow };
const keyTables = (db: Kysely<DatabaseSchema> | Transaction<DatabaseSchema>) => db as unknown as Kysely<KeyTables>;

const windowMs = postIdempotency.hours * 60 * 60 * 1000;
const cutoff = () => new Date(Date.now() - windowMs).toISOString();

/** The hash a request is told apart by: its parsed body, as JSON. */
export const requestHash = (body: unknown) => crypto.createHash('sha256').update(JSON.stringify(body)).digest('hex');

/** The key's earlier use within the window (24 h), if any. */
export async function findIdempotencyKey(
  db: Db,
  store: IdempotencyKeyTable,
  userId: Key,
  key: string,
): Promise<EarlierUse | undefined> {
  const row = await keyTables(db.kysely)
    .selectFrom(store.table)
    .select([`${store.made} as made_id`, 'body_sha256'])
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .where('created_at', '>=', cutoff())
    .executeTakeFirst();
  return row && { madeId: row.made_id, bodySha256: row.body_sha256 };
}

/**
 * Claims the key inside the transaction that makes `madeId`. The primary key decides between two
 * calls racing with one key: on PostgreSQL the second insert waits for the first transaction and
 * then finds the row; on SQLite writes take turns. The loser's transaction rolls back with
 * IdempotencyKeyTaken, and it answers what the winner made. An expired row of the person is cleared.
 */
export function claimIdempotencyKey(
  store: IdempotencyKeyTable,
  use: { userId: Key; key: string; madeId: string; bodySha256: string },
): ClaimInTransaction {
  return async (trx) => {
    const keys = keyTables(trx);
    await keys.deleteFrom(store.table).where('user_id', '=', use.userId).where('created_at', '<', cutoff()).execute();
    const inserted = await keys
      .insertInto(store.table)
      .values({
        user_id: use.userId,
        idempotency_key: use.key,
        [store.made]: use.madeId,
        body_sha256: use.bodySha256,
        created_at: nowIso(),
      } as unknown as Insertable<KeyRow>) // one of the two made-id columns, which KeyRow names both of
      .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new IdempotencyKeyTaken();
  };
}
