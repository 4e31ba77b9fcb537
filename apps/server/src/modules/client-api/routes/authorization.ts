import { apiErrors, oobRedirectUri, parseScopes, scopesWithin } from '@spotter/contract';
import type { OauthAuthorizationQuery } from '@spotter/contract/schemas';
import type { AppContext } from '../../../context';
import { HttpError } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { findAppByClientId } from '../queries/apps';
import { insertCode } from '../queries/grants';
import { newSecret, sha256Hex } from '../secrets';

/** An authorization request checked against its app: the app, the scopes, the address (RFC 6749 4.1.1). */
async function checkedRequest(ctx: AppContext, query: OauthAuthorizationQuery) {
  const app = await findAppByClientId(ctx.db, query.client_id);
  if (!app) throw new HttpError(404, [apiErrors.oauthUnknownApp]);
  // The address must be one the app registered, exactly: never redirect a code anywhere else.
  if (!app.redirectUris.includes(query.redirect_uri)) throw new HttpError(422, [apiErrors.oauthRedirectMismatch]);
  const scopes = parseScopes(query.scope);
  if (!scopes || !scopesWithin(scopes, app.scopes)) throw new HttpError(422, [apiErrors.oauthScopeInvalid]);
  return { app, scopes };
}

/** What the consent screen shows: the app, its address and the scopes it asks for. */
export const oauthAuthorization: Handler<'oauthAuthorization'> = async ({ query }, ctx) => {
  const { app, scopes } = await checkedRequest(ctx, query);
  return {
    app: { name: app.name, website: app.website },
    scopes,
    redirectUri: query.redirect_uri,
    outOfBand: query.redirect_uri === oobRedirectUri,
  };
};

/**
 * "Authorize": a single-use code for the app (ten minutes), bound to the person, the address, the
 * scopes and the PKCE challenge; the browser is sent to the app's address with it and the state.
 */
export const approveOauthAuthorization: Handler<'approveOauthAuthorization'> = async ({ body, user }, ctx) => {
  const { app, scopes } = await checkedRequest(ctx, body);
  if (body.code_challenge_method !== undefined && body.code_challenge === undefined) {
    throw new HttpError(400, ['code_challenge: is missing while code_challenge_method is given']);
  }
  const code = newSecret();
  await insertCode(ctx.db, {
    codeSha256: sha256Hex(code),
    appId: app.id,
    userId: user.id,
    redirectUri: body.redirect_uri,
    scopes: scopes.join(' '),
    codeChallenge: body.code_challenge ?? null,
  });
  if (body.redirect_uri === oobRedirectUri) return { code, redirectTo: null };
  const target = new URL(body.redirect_uri);
  target.searchParams.set('code', code);
  if (body.state !== undefined) target.searchParams.set('state', body.state);
  return { code, redirectTo: target.toString() };
};
