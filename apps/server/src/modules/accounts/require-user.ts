import { apiErrors, type SignedOutReason } from '@spotter/contract';
import type { FastifyRequest } from 'fastify';
import type { CachedIdentity, IdentityCache } from '../../auth/identity-cache';
import type { TokenClaims } from '../../auth/tokens';
import type { Db } from '../../db/database';
import type { Key, SignedInUser, UserRow } from '../../db/schema';
import { HttpError } from '../../errors';
import { findSessionUser, lastSeenEveryMs, signedOutReasonOf, touchSession } from './queries/sessions';
import { findSignedInUser, findUserById } from './queries/users';

/** The session of each signed-in request (undefined for a token signed before sessions existed). */
const sessions = new WeakMap<FastifyRequest, Key>();

/** The session key of the token that made the request, once requireUser has accepted it. */
export const currentSessionKey = (request: FastifyRequest): Key | undefined => sessions.get(request);

/** Where a request finds its user: the database, and the identities this process keeps when it may (decision 055). */
export interface IdentitySource {
  db: Db;
  identities?: IdentityCache | undefined;
}

/**
 * The signed-in user of a request, as SPEC §6 and §8 say: no or bad token -> 401 'The token is
 * invalid', a valid token of a user that no longer exists -> 404 'not Registered'. A token whose
 * session was ended (logout, revoke, password change) or whose version is older than the user's
 * (revoke-all, password change) is a 401. One read, the session joined to its user, or none when
 * this process kept what that read found and has heard of no change since (decision 055). An OAuth
 * app's token is taken only with `appTokens` (the client API, which checks its scopes).
 */
export async function requireUser(
  request: FastifyRequest,
  source: IdentitySource,
  options: { appTokens?: boolean } = {},
): Promise<SignedInUser> {
  const claims = await request.identity();
  if (!claims) throw signedOut((await request.tokenExpired()) ? 'session_expired' : undefined);
  const key = claims.sid ?? `user:${claims._id}`;
  // A kept identity that does not take this token (a token newer than it, made by a password change
  // whose notice is still on its way) is read again rather than refused.
  const kept = source.identities?.get(key);
  const identity = kept && takes(kept, claims) ? kept : await readIdentity(source, claims, key);
  const { user, session } = identity;
  if (!takes(identity, claims)) throw signedOut(await signedOutReasonOf(source.db, claims._id, claims.ver, false));
  refuseSuspended(user);
  // An OAuth app's token (issue 50) holds only the scopes its person granted, which the client API
  // checks: Spotter's own API, which has no scopes, does not take it (decision 082).
  if (session?.app && !options.appTokens) throw signedOut(undefined);
  if (session) {
    sessions.set(request, session.key);
    const now = Date.now();
    if (now - session.lastSeenAt > lastSeenEveryMs) {
      await touchSession(source.db, session.key);
      source.identities?.touched(key, now);
    }
  }
  return user;
}

/**
 * The spec's 401 for a token that does not hold, with why when it held once (issue 47, item 3): the
 * web app tells the person on the login screen. A forged or foreign token gets no reason.
 */
const signedOut = (reason: SignedOutReason | undefined) =>
  new HttpError(401, [apiErrors.invalidToken], {}, reason ? { reason } : {});

/** The token is its user's, at the user's current version. */
const takes = ({ user }: CachedIdentity, claims: TokenClaims) =>
  user.public_id === claims._id && user.token_version === claims.ver;

/** What the database says of a token's user and session; kept by the cache unless a change came in meanwhile. */
async function readIdentity(source: IdentitySource, claims: TokenClaims, key: string): Promise<CachedIdentity> {
  const { db, identities } = source;
  const mark = identities?.mark();
  let identity: CachedIdentity;
  if (claims.sid === undefined) {
    const user = await findSignedInUser(db, claims._id);
    if (!user) throw new HttpError(404, [apiErrors.usernameNotRegistered]);
    identity = { user, session: undefined };
  } else {
    const row = await findSessionUser(db, claims.sid);
    if (!row) {
      // The session is gone with its user when the user is: the spec's 404 for a deleted account.
      if (!(await findSignedInUser(db, claims._id))) throw new HttpError(404, [apiErrors.usernameNotRegistered]);
      throw signedOut(await signedOutReasonOf(db, claims._id, claims.ver, true));
    }
    const { session_key, session_last_seen_at, session_app_id, ...user } = row;
    identity = {
      user,
      session: { key: session_key, lastSeenAt: new Date(session_last_seen_at).getTime(), app: session_app_id !== null },
    };
  }
  if (identities && mark !== undefined) identities.keep(key, mark, identity);
  return identity;
}

/** The whole row of the signed-in user, for the few calls that need more of it than `SignedInUser`. */
export async function signedInRow(db: Db, user: SignedInUser): Promise<UserRow> {
  const row = await findUserById(db, user.id);
  if (!row) throw new HttpError(404, [apiErrors.usernameNotRegistered]);
  return row;
}

/**
 * A request changed this user's token version, suspension, role or sessions: this process forgets
 * what it kept of them now, before the database's notice comes back (decision 055), so that the
 * change holds at once for the next request here; other servers drop it when the notice reaches them.
 */
export function identityChanged(source: IdentitySource, userId: Key): void {
  source.identities?.forgetUser(userId);
}

/**
 * A suspension raises the token version and ends the sessions, so no token of the person gets this
 * far; this check holds even if one did (issue 16).
 */
function refuseSuspended(user: SignedInUser) {
  if (user.suspended_at !== null) throw new HttpError(403, [apiErrors.accountSuspended]);
}

/**
 * The signed-in user of a public call, if any. The spec's public calls answer whatever token comes
 * along, so a stale or foreign token makes the caller anonymous instead of failing the call.
 */
export async function optionalUser(request: FastifyRequest, source: IdentitySource): Promise<SignedInUser | undefined> {
  if (!request.headers.authorization) return undefined;
  try {
    return await requireUser(request, source);
  } catch (error) {
    if (error instanceof HttpError) return undefined;
    throw error;
  }
}

/**
 * A write whose signed-in person was erased after requireUser let the request in (lockPeople found
 * them gone): answered as a token of a user that no longer exists is (SPEC §8), not a 500.
 */
export const erasedMeanwhile = () => new HttpError(404, [apiErrors.usernameNotRegistered]);
