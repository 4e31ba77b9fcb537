import { postIdempotency } from '@spotter/contract';
import type { Db } from '../../../db/database';
import type { Key } from '../../../db/schema';
import { isoOf, nowIso } from '../../../db/time';

export type KeyClaim =
  /** The key is new (or its earlier use has expired): create the post under `postId`. */
  | { kind: 'new'; postId: string }
  /** The key made this post already: answer it. */
  | { kind: 'made'; postId: string }
  /** Another call with this key is still creating its post. */
  | { kind: 'in-flight' };

const windowMs = postIdempotency.hours * 60 * 60 * 1000;

/**
 * Claims (user, key) for a post about to be made under `newPostId`, decided by the primary key, so
 * two calls racing with one key cannot both create. Expired keys of the person are cleared first.
 */
export async function claimPostKey(db: Db, userId: Key, key: string, newPostId: string): Promise<KeyClaim> {
  const now = nowIso();
  const cutoff = new Date(Date.now() - windowMs).toISOString();
  await db.kysely
    .deleteFrom('post_idempotency_keys')
    .where('user_id', '=', userId)
    .where('created_at', '<', cutoff)
    .execute();
  const inserted = await db.kysely
    .insertInto('post_idempotency_keys')
    .values({ user_id: userId, idempotency_key: key, post_public_id: newPostId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return { kind: 'new', postId: newPostId };
  const earlier = await db.kysely
    .selectFrom('post_idempotency_keys')
    .leftJoin('posts', 'posts.public_id', 'post_idempotency_keys.post_public_id')
    .select(['post_idempotency_keys.post_public_id', 'post_idempotency_keys.created_at', 'posts.id as post_key'])
    .where('post_idempotency_keys.user_id', '=', userId)
    .where('post_idempotency_keys.idempotency_key', '=', key)
    .executeTakeFirst();
  if (!earlier) return claimPostKey(db, userId, key, newPostId);
  if (earlier.post_key !== null) return { kind: 'made', postId: earlier.post_public_id };
  // The post it made was deleted since, or is still being inserted by a call started moments ago.
  if (Date.parse(isoOf(earlier.created_at)) > Date.now() - 60_000) return { kind: 'in-flight' };
  await releasePostKey(db, userId, key);
  return claimPostKey(db, userId, key, newPostId);
}

/** Lets a key go when the create it claimed was refused, so a corrected retry can use it. */
export async function releasePostKey(db: Db, userId: Key, key: string): Promise<void> {
  await db.kysely
    .deleteFrom('post_idempotency_keys')
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .execute();
}
