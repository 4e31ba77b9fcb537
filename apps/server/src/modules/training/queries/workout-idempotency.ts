import { postIdempotency } from '@spotter/contract';
import type { Db } from '../../../db/database';
import type { Key } from '../../../db/schema';
import { nowIso } from '../../../db/time';
import type { ClaimInTransaction } from './workouts';

/** What a key stored before: the workout it made and the request it made it with. */
export type WorkoutKey = { workoutId: string; bodySha256: string };

/** Another call with this key committed first: its transaction claimed the key row. */
export class WorkoutKeyTaken extends Error {}

/** The key's earlier use within the window (24 h, as for posts), if any. */
export async function findWorkoutKey(db: Db, userId: Key, key: string): Promise<WorkoutKey | undefined> {
  const cutoff = new Date(Date.now() - postIdempotency.hours * 60 * 60 * 1000).toISOString();
  const row = await db.kysely
    .selectFrom('workout_idempotency_keys')
    .select(['workout_id', 'body_sha256'])
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .where('created_at', '>=', cutoff)
    .executeTakeFirst();
  return row && { workoutId: row.workout_id, bodySha256: row.body_sha256 };
}

/**
 * Claims the key inside the workout's transaction. The primary key decides between two calls racing
 * with one key: on PostgreSQL the second insert waits for the first transaction and then finds the
 * row; on SQLite writes take turns. The loser rolls back with WorkoutKeyTaken and answers what the
 * winner stored. An expired row of the same key is replaced.
 */
export function claimWorkoutKey(userId: Key, key: string, workoutId: string, bodySha256: string): ClaimInTransaction {
  return async (trx) => {
    const cutoff = new Date(Date.now() - postIdempotency.hours * 60 * 60 * 1000).toISOString();
    await trx
      .deleteFrom('workout_idempotency_keys')
      .where('user_id', '=', userId)
      .where('created_at', '<', cutoff)
      .execute();
    const inserted = await trx
      .insertInto('workout_idempotency_keys')
      .values({
        user_id: userId,
        idempotency_key: key,
        workout_id: workoutId,
        body_sha256: bodySha256,
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new WorkoutKeyTaken();
  };
}
