import { randomUUID } from 'node:crypto';
import { isSignedOutReason, type SignedOutReason } from '@spotter/contract';
import type { Session } from '@spotter/contract/schemas';
import type { Db } from '../../../db/database';
import { prepared } from '../../../db/prepared';
import { type Key, type SignedInUser, signedInColumns } from '../../../db/schema';
import { nowIso, toApiTimestamp } from '../../../db/time';

/** Sessions one person keeps at most: a login beyond it ends the oldest (the list stays one small read). */
export const maxSessionsPerUser = 50;

/** How stale `last_seen_at` may get before a request writes it again (one write a minute, not one a request). */
export const lastSeenEveryMs = 60_000;

/** Where a session was started: the request's address and user agent, bounded. */
export interface SessionOrigin {
  ip: string;
  userAgent: string;
}

/** Starts a session for a new token, ending the person's expired sessions and those beyond the cap. */
export async function startSession(db: Db, userId: Key, origin: SessionOrigin, ttlSeconds: number): Promise<string> {
  const publicId = randomUUID();
  const now = nowIso();
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto('sessions')
      .values({
        public_id: publicId,
        user_id: userId,
        ip: origin.ip,
        user_agent: origin.userAgent,
        created_at: now,
        last_seen_at: now,
      })
      .execute();
    const expired = new Date(Date.now() - ttlSeconds * 1000).toISOString();
    await trx
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where((eb) =>
        eb.or([
          eb('created_at', '<', expired),
          eb(
            'id',
            'not in',
            eb
              .selectFrom('sessions')
              .select('id')
              .where('user_id', '=', userId)
              .orderBy('id', 'desc')
              .limit(maxSessionsPerUser),
          ),
        ]),
      )
      .execute();
  });
  return publicId;
}

export type SessionUserRow = SignedInUser & { session_key: Key; session_last_seen_at: Date | string };

/** The signed-in user of a token's session, in one read: undefined when the session was ended (or never was). */
export const findSessionUser = async (db: Db, sessionPublicId: string): Promise<SessionUserRow | undefined> =>
  (await sessionUserQuery(db, 'one', { sessionPublicId }))[0];

// Compiled once: every signed-in request reads it (require-user.ts).
const sessionUserQuery = prepared((db: Db, args: { sessionPublicId: string }) =>
  db.kysely
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(signedInColumns.map((column) => `users.${column}` as const))
    .select(['sessions.id as session_key', 'sessions.last_seen_at as session_last_seen_at'])
    .where('sessions.public_id', '=', args.sessionPublicId),
);

/**
 * Why a token that was once valid is refused (issue 47, item 3): its version is older than its user's
 * (the reason that version rose), or its session was ended alone (revoked from another device).
 * Undefined when its user is gone or the rise predates the reasons being kept. Read only on a 401.
 */
export async function signedOutReasonOf(
  db: Db,
  userPublicId: string,
  tokenVersion: number,
  sessionGone: boolean,
): Promise<SignedOutReason | undefined> {
  const row = await db.kysely
    .selectFrom('users')
    .select(['token_version', 'token_version_reason'])
    .where('public_id', '=', userPublicId)
    .executeTakeFirst();
  if (!row) return undefined;
  if (tokenVersion < row.token_version) {
    return isSignedOutReason(row.token_version_reason) ? row.token_version_reason : undefined;
  }
  return sessionGone ? 'session_revoked' : undefined;
}

export async function touchSession(db: Db, sessionKey: Key): Promise<void> {
  await db.kysely.updateTable('sessions').set({ last_seen_at: nowIso() }).where('id', '=', sessionKey).execute();
}

export async function listSessions(
  db: Db,
  userId: Key,
  currentKey: Key | undefined,
  ttlSeconds: number,
): Promise<Session[]> {
  const expired = new Date(Date.now() - ttlSeconds * 1000).toISOString();
  const rows = await db.kysely
    .selectFrom('sessions')
    .select(['id', 'public_id', 'created_at', 'last_seen_at', 'user_agent', 'ip'])
    .where('user_id', '=', userId)
    .where('created_at', '>=', expired)
    .orderBy('id', 'desc')
    .limit(maxSessionsPerUser)
    .execute();
  return rows.map((row) => ({
    _id: row.public_id,
    createdAt: toApiTimestamp(row.created_at),
    lastSeenAt: toApiTimestamp(row.last_seen_at),
    userAgent: row.user_agent,
    ip: row.ip,
    current: row.id === currentKey,
  }));
}

/** Ends one of the person's sessions; false when they have none of that id. */
export async function endSession(db: Db, userId: Key, sessionPublicId: string): Promise<boolean> {
  const result = await db.kysely
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('public_id', '=', sessionPublicId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function endSessionByKey(db: Db, sessionKey: Key): Promise<void> {
  await db.kysely.deleteFrom('sessions').where('id', '=', sessionKey).execute();
}

/** Ends every session of the person but `keep` (every one when undefined). */
export async function endOtherSessions(db: Db, userId: Key, keep: Key | undefined): Promise<void> {
  let remove = db.kysely.deleteFrom('sessions').where('user_id', '=', userId);
  if (keep !== undefined) remove = remove.where('id', '!=', keep);
  await remove.execute();
}

/**
 * Raises the token version: every token signed before stops working on every server, and their 401
 * says why (issue 47, item 3). Only "log out everywhere" calls it today, hence the default reason.
 */
export async function bumpTokenVersion(
  db: Db,
  userId: Key,
  reason: SignedOutReason = 'logged_out_everywhere',
): Promise<number> {
  const row = await db.kysely
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1), token_version_reason: reason, updated_at: nowIso() }))
    .where('id', '=', userId)
    .returning('token_version')
    .executeTakeFirstOrThrow();
  return row.token_version;
}
