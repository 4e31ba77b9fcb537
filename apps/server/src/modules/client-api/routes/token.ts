import { parseScopes, scopesWithin } from '@spotter/contract';
import type { MastodonToken } from '@spotter/contract/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context';
import type { SignedInUser } from '../../../db/schema';
import {
  endSessionByKey,
  findSessionByRefresh,
  findUserById,
  identityChanged,
  issueGrantToken,
  sessionOrigin,
} from '../../accounts';
import { type Client, clientOf } from '../client-auth';
import { noStore } from '../no-store';
import { oauthRefusal } from '../oauth-error';
import { insertAppToken, takeCode } from '../queries/grants';
import { newSecret, sha256Hex, verifierMatches } from '../secrets';

type Body = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const required = (body: Body, name: string) => {
  const value = text(body[name]);
  if (value === undefined) throw oauthRefusal.invalidRequest(`${name} is missing.`);
  return value;
};
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** POST /oauth/token (RFC 6749 section 4 and 6; PKCE, RFC 7636): the three grants Mastodon's clients use. */
export function tokenRoute(scope: FastifyInstance, ctx: AppContext) {
  scope.post('/oauth/token', async (request, reply) => {
    const body = (request.body ?? {}) as Body;
    if (typeof body !== 'object' || Array.isArray(body))
      throw oauthRefusal.invalidRequest('The body must be a form or a JSON object.');
    const grantType = required(body, 'grant_type');
    const grants: Record<string, Grant> = {
      authorization_code: codeGrant,
      client_credentials: clientCredentialsGrant,
      refresh_token: refreshGrant,
    };
    const grant = grants[grantType];
    if (!grant) throw oauthRefusal.unsupportedGrantType();
    const client = await clientOf(request, ctx, body);
    const token = await grant({ body, client, ctx, request });
    noStore(reply);
    return token;
  });
}

interface GrantInput {
  body: Body;
  client: Client;
  ctx: AppContext;
  request: FastifyRequest;
}
type Grant = (input: GrantInput) => Promise<MastodonToken>;

/** authorization_code: the code once, for the client and address it was made for, with its PKCE verifier. */
const codeGrant: Grant = async ({ body, client, ctx, request }) => {
  const code = required(body, 'code');
  const redirectUri = required(body, 'redirect_uri');
  const row = await takeCode(ctx.db, sha256Hex(code));
  if (!row || row.app_id !== client.app.id) {
    throw oauthRefusal.invalidGrant('The code is unknown, expired, already used, or was made for another client.');
  }
  if (row.redirect_uri !== redirectUri)
    throw oauthRefusal.invalidGrant('redirect_uri differs from the authorization request’s.');
  if (row.code_challenge !== null) {
    const verifier = text(body.code_verifier);
    if (verifier === undefined || !verifierMatches(verifier, row.code_challenge)) {
      throw oauthRefusal.invalidGrant('code_verifier does not match the code_challenge.');
    }
  } else if (!client.confidential) {
    // A public client proves itself with PKCE; without a challenge it must send its secret.
    throw oauthRefusal.invalidClient();
  }
  const user = await findUserById(ctx.db, row.user_id);
  if (!user || user.suspended_at !== null)
    throw oauthRefusal.invalidGrant('The account that authorized this code cannot sign in.');
  return personToken(ctx, request, client, user, row.scopes);
};

/** client_credentials: a token of the app itself, no person, within the app's scopes. */
const clientCredentialsGrant: Grant = async ({ body, client, ctx }) => {
  if (!client.confidential) throw oauthRefusal.invalidClient();
  const scopes = parseScopes(text(body.scope));
  if (!scopes || !scopesWithin(scopes, client.app.scopes)) throw oauthRefusal.invalidScope();
  const token = newSecret();
  await insertAppToken(ctx.db, sha256Hex(token), client.app.id, scopes.join(' '));
  return { access_token: token, token_type: 'Bearer', scope: scopes.join(' '), created_at: nowSeconds() };
};

/**
 * refresh_token: the session is rotated, a new one for the old (the old token and refresh token end),
 * with the same scopes or fewer. It works while the session lasts (TOKEN_TTL from its start).
 */
const refreshGrant: Grant = async ({ body, client, ctx, request }) => {
  if (!client.confidential) throw oauthRefusal.invalidClient();
  const refresh = required(body, 'refresh_token');
  const session = await findSessionByRefresh(ctx.db, sha256Hex(refresh), ctx.config.tokenTtlSeconds);
  if (!session || session.oauth_app_id !== client.app.id || session.scopes === null) {
    throw oauthRefusal.invalidGrant('The refresh token is unknown, ended, or was issued to another client.');
  }
  const asked = text(body.scope) === undefined ? session.scopes.split(' ') : parseScopes(text(body.scope));
  if (!asked || !scopesWithin(asked as never, session.scopes.split(' '))) throw oauthRefusal.invalidScope();
  const user = await findUserById(ctx.db, session.user_id);
  if (!user || user.suspended_at !== null) throw oauthRefusal.invalidGrant('The account of this token cannot sign in.');
  await endSessionByKey(ctx.db, session.id);
  identityChanged(ctx, user.id);
  return personToken(ctx, request, client, user, asked.join(' '));
};

async function personToken(
  ctx: AppContext,
  request: FastifyRequest,
  client: Client,
  user: SignedInUser,
  scopes: string,
): Promise<MastodonToken> {
  const refresh = newSecret();
  const { token } = await issueGrantToken(ctx, user, sessionOrigin(request), {
    appId: client.app.id,
    scopes,
    refreshSha256: sha256Hex(refresh),
  });
  return {
    access_token: token,
    token_type: 'Bearer',
    scope: scopes,
    created_at: nowSeconds(),
    expires_in: ctx.config.tokenTtlSeconds,
    refresh_token: refresh,
  };
}
