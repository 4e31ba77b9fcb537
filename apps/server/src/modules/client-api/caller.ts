import { type OauthScope, scopeCovers } from '@spotter/contract';
import type { FastifyRequest } from 'fastify';
import { tokenFromHeader } from '../../auth/tokens';
import type { AppContext } from '../../context';
import type { Key, SignedInUser } from '../../db/schema';
import { HttpError } from '../../errors';
import { currentSessionKey, requireUser, sessionGrantOf } from '../accounts';
import { invalidToken, outsideScopes, userRequired } from './oauth-error';
import { findAppToken } from './queries/grants';
import { sha256Hex } from './secrets';

/** Who calls the client API: a person through an app (or Spotter's own login), or an app alone. */
export interface Caller {
  user: SignedInUser | undefined;
  /** The OAuth app of the token; null for a token of Spotter's own login. */
  appId: Key | null;
  scopes: readonly string[];
}

/** A token of Spotter's own login may do all its person may: every scope but `push` (there is none yet). */
const loginScopes = ['read', 'write', 'follow', 'profile'] as const;

/**
 * The caller of a client API request, or undefined without a token. A person's token is a signed
 * session token (a login's or an OAuth app's): requireUser checks it as for Spotter's API, so a token
 * ends with its session, "log out everywhere", a password change, a suspension and an erasure. An
 * app's own token (client_credentials) is a random string looked up by its hash.
 */
export async function callerOf(request: FastifyRequest, ctx: AppContext): Promise<Caller | undefined> {
  const token = tokenFromHeader(request.headers.authorization);
  if (!token) return undefined;
  if (token.split('.').length !== 3) {
    const row = await findAppToken(ctx.db, sha256Hex(token));
    if (!row) throw invalidToken();
    return { user: undefined, appId: row.app_id, scopes: row.scopes.split(' ') };
  }
  let user: SignedInUser;
  try {
    user = await requireUser(request, ctx, { appTokens: true });
  } catch (error) {
    // A suspended person's 403 keeps its words; every other refusal of the token is Mastodon's 401.
    if (error instanceof HttpError && error.statusCode !== 403) throw invalidToken();
    throw error;
  }
  const sessionKey = currentSessionKey(request);
  const grant = sessionKey === undefined ? undefined : await sessionGrantOf(ctx.db, sessionKey);
  if (!grant || grant.scopes === null) return { user, appId: null, scopes: loginScopes };
  return { user, appId: grant.appId, scopes: grant.scopes.split(' ') };
}

/** The caller, who must hold `needed` or one of a list (403 in Mastodon's words otherwise); 401 without a token. */
export async function requireScope(
  request: FastifyRequest,
  ctx: AppContext,
  needed: OauthScope | readonly OauthScope[],
): Promise<Caller> {
  const caller = await callerOf(request, ctx);
  if (!caller) throw invalidToken();
  const anyOf = typeof needed === 'string' ? [needed] : needed;
  if (!anyOf.some((scope) => scopeCovers(caller.scopes, scope))) throw outsideScopes();
  return caller;
}

/** A person's caller holding `needed`: an app's own token is refused with Mastodon's 422. */
export async function requireUserScope(
  request: FastifyRequest,
  ctx: AppContext,
  needed: OauthScope | readonly OauthScope[],
): Promise<Caller & { user: SignedInUser }> {
  const caller = await requireScope(request, ctx, needed);
  if (!caller.user) throw userRequired();
  return { ...caller, user: caller.user };
}
