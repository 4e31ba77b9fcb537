import { apiErrors } from '@spotter/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import type { Key, UserRow } from '../db/schema';
import { HttpError } from '../errors';
import { findSessionUser, lastSeenEveryMs, touchSession } from '../queries/sessions';
import { findUserByPublicId } from '../queries/users';

/** The session of each signed-in request (undefined for a token signed before sessions existed). */
const sessions = new WeakMap<FastifyRequest, Key>();

/** The session key of the token that made the request, once requireUser has accepted it. */
export const currentSessionKey = (request: FastifyRequest): Key | undefined => sessions.get(request);

/**
 * The signed-in user of a request, as SPEC §6 and §8 say: no or bad token -> 401 'The token is
 * invalid', a valid token of a user that no longer exists -> 404 'not Registered'. A token whose
 * session was ended (logout, revoke, password change) or whose version is older than the user's
 * (revoke-all, password change) is a 401. One read: the session joined to its user.
 */
export async function requireUser(request: FastifyRequest, db: Db): Promise<UserRow> {
  const claims = await request.identity();
  if (!claims) throw new HttpError(401, [apiErrors.invalidToken]);
  if (claims.sid === undefined) {
    const user = await findUserByPublicId(db, claims._id);
    if (!user) throw new HttpError(404, [apiErrors.usernameNotRegistered]);
    if (user.token_version !== claims.ver) throw new HttpError(401, [apiErrors.invalidToken]);
    refuseSuspended(user);
    return user;
  }
  const row = await findSessionUser(db, claims.sid);
  if (!row) {
    // The session is gone with its user when the user is: the spec's 404 for a deleted account.
    if (!(await findUserByPublicId(db, claims._id))) throw new HttpError(404, [apiErrors.usernameNotRegistered]);
    throw new HttpError(401, [apiErrors.invalidToken]);
  }
  const { session_key, session_last_seen_at, ...user } = row;
  if (user.public_id !== claims._id || user.token_version !== claims.ver) {
    throw new HttpError(401, [apiErrors.invalidToken]);
  }
  refuseSuspended(user);
  sessions.set(request, session_key);
  if (Date.now() - new Date(session_last_seen_at).getTime() > lastSeenEveryMs) await touchSession(db, session_key);
  return user;
}

/**
 * A suspension raises the token version and ends the sessions, so no token of the person gets this
 * far; this check holds even if one did (issue 16).
 */
function refuseSuspended(user: UserRow) {
  if (user.suspended_at !== null) throw new HttpError(403, [apiErrors.accountSuspended]);
}

/**
 * The signed-in user of a public call, if any. The spec's public calls answer whatever token comes
 * along, so a stale or foreign token makes the caller anonymous instead of failing the call.
 */
export async function optionalUser(request: FastifyRequest, db: Db): Promise<UserRow | undefined> {
  if (!request.headers.authorization) return undefined;
  try {
    return await requireUser(request, db);
  } catch (error) {
    if (error instanceof HttpError) return undefined;
    throw error;
  }
}
