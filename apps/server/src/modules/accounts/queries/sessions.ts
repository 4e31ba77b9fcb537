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

/** What an OAuth token's session holds beside a login's (issue 50): its app, scopes and refresh token. */
export interface SessionGrant {
  appId: Key;
  scopes: string;
  refreshSha256: string;
}

/**
 * Starts a session for a new token, ending the person's expired sessions and those beyond the cap.
 * Answers the new session's public id and the ids of the sessions it ended (their streams end too:
 * session-token.ts).
 */
export async function startSession(
  db: Db,
  userId: Key,
  origin: SessionOrigin,
  ttlSeconds: number,
  grant?: SessionGrant,
): Promise<{ publicId: string; ended: string[] }> {
  const publicId = randomUUID();
  const now = nowIso();
  const ended = await db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto('sessions')
      .values({
        public_id: publicId,
        user_id: userId,
        ip: origin.ip,
        user_agent: origin.userAgent,
        created_at: now,
        last_seen_at: now,
        ...(grant ? { oauth_app_id: grant.appId, scopes: grant.scopes, refresh_sha256: grant.refreshSha256 } : {}),
      })
      .execute();
    const expired = new Date(Date.now() - ttlSeconds * 1000).toISOString();
    return trx
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
      .returning('public_id')
      .execute();
  });
  return { publicId, ended: ended.map((row) => row.public_id) };
}

export type SessionUserRow = SignedInUser & {
  session_key: Key;
  session_last_seen_at: Date | string;
  session_app_id: Key | null;
};

/** The signed-in user of a token's session, in one read: undefined when the session was ended (or never was). */
export const findSessionUser = async (db: Db, sessionPublicId: string): Promise<SessionUserRow | undefined> =>
  (await sessionUserQuery(db, 'one', { sessionPublicId }))[0];

// Compiled once: every signed-in request reads it (require-user.ts).
const sessionUserQuery = prepared((db: Db, args: { sessionPublicId: string }) =>
  db.kysely
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(signedInColumns.map((column) => `users.${column}` as const))
    .select([
      'sessions.id as session_key',
      'sessions.last_seen_at as session_last_seen_at',
      'sessions.oauth_app_id as session_app_id',
    ])
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
    .leftJoin('oauth_apps', 'oauth_apps.id', 'sessions.oauth_app_id')
    .select([
      'sessions.id',
      'sessions.public_id',
      'sessions.created_at',
      'sessions.last_seen_at',
      'sessions.user_agent',
      'sessions.ip',
      'oauth_apps.name as app_name',
    ])
    .where('sessions.user_id', '=', userId)
    .where('sessions.created_at', '>=', expired)
    .orderBy('sessions.id', 'desc')
    .limit(maxSessionsPerUser)
    .execute();
  return rows.map((row) => ({
    _id: row.public_id,
    createdAt: toApiTimestamp(row.created_at),
    lastSeenAt: toApiTimestamp(row.last_seen_at),
    userAgent: row.user_agent,
    ip: row.ip,
    appName: row.app_name,
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

/** The OAuth grant of a session: its app and scopes, or nulls for a login's session (every scope). */
export async function sessionGrantOf(
  db: Db,
  sessionKey: Key,
): Promise<{ appId: Key | null; scopes: string | null } | undefined> {
  return db.kysely
    .selectFrom('sessions')
    .select(['oauth_app_id as appId', 'scopes'])
    .where('id', '=', sessionKey)
    .executeTakeFirst();
}

/** An OAuth session found by its refresh token's hash, while it lasts (issue 50). */
export async function findSessionByRefresh(db: Db, refreshSha256: string, ttlSeconds: number) {
  const expired = new Date(Date.now() - ttlSeconds * 1000).toISOString();
  return db.kysely
    .selectFrom('sessions')
    .select(['id', 'public_id', 'user_id', 'oauth_app_id', 'scopes'])
    .where('refresh_sha256', '=', refreshSha256)
    .where('created_at', '>=', expired)
    .executeTakeFirst();
}

/** An OAuth session by its public id (the `jti` of its token), for revoking it (issue 50). */
export async function findGrantSession(db: Db, sessionPublicId: string) {
  return db.kysely
    .selectFrom('sessions')
    .select(['id', 'public_id', 'user_id', 'oauth_app_id'])
    .where('public_id', '=', sessionPublicId)
    .executeTakeFirst();
}
