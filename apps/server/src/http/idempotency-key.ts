import crypto from 'node:crypto';
import { apiErrors, postIdempotency } from '@spotter/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import {
  type ClaimInTransaction,
  claimIdempotencyKey,
  type EarlierUse,
  findIdempotencyKey,
  type IdempotencyKeyTable,
  IdempotencyKeyTaken,
  requestHash,
} from '../db/idempotency-keys';
import type { Key } from '../db/schema';
import { badRequest, HttpError } from '../errors';

/** The Idempotency-Key header, if sent: printable ASCII, 1 to 255 characters, else a 400. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[postIdempotency.header];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(value)) {
    throw badRequest(apiErrors.idempotencyKeyInvalid);
  }
  return value;
}

/**
 * A create under an Idempotency-Key (the IETF Idempotency-Key draft's rules), shared by POST
 * /api/posts and POST /api/workouts: the first call makes the thing under a new id, claiming the
 * key in the same transaction; a replay answers what the first call made (`replay`, which answers
 * 404 when it was deleted since); the key sent with a different body is a 422 and changes nothing.
 * Two calls racing with one key make one thing: the loser's transaction rolls back and it answers
 * the winner's.
 */
export async function idempotentCreate<T>(
  db: Db,
  store: IdempotencyKeyTable,
  use: { userId: Key; key: string; body: unknown; newId?: () => string },
  create: (madeId: string, claim: ClaimInTransaction) => Promise<T>,
  replay: (madeId: string) => Promise<T>,
): Promise<T> {
  const bodySha256 = requestHash(use.body);
  const replayed = (earlier: EarlierUse) => {
    // A key stored before its table kept hashes (null) replays as it did then.
    if (earlier.bodySha256 !== null && earlier.bodySha256 !== bodySha256) {
      throw new HttpError(422, [apiErrors.idempotencyKeyReused]);
    }
    return replay(earlier.madeId);
  };
  const earlier = await findIdempotencyKey(db, store, use.userId, use.key);
  if (earlier) return replayed(earlier);
  const madeId = use.newId?.() ?? crypto.randomUUID();
  try {
    return await create(madeId, claimIdempotencyKey(store, { userId: use.userId, key: use.key, madeId, bodySha256 }));
  } catch (error) {
    if (!(error instanceof IdempotencyKeyTaken)) throw error;
    const winner = await findIdempotencyKey(db, store, use.userId, use.key);
    if (!winner) throw error;
    return replayed(winner);
  }
}
