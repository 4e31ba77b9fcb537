import { oobRedirectUri, parseScopes } from '@spotter/contract';
import { describeIssues, type MastodonApplication, mastodonCreateAppBodySchema } from '@spotter/contract/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { callerOf } from '../caller';
import { noStore } from '../no-store';
import { invalidToken, validationFailed } from '../oauth-error';
import { findAppById, insertApp, type OauthApp } from '../queries/apps';
import { newSecret, sha256Hex } from '../secrets';

/** Schemes a redirect must never use: they would run or show content in the browser instead of reaching an app. */
const refusedSchemes = ['javascript:', 'data:', 'vbscript:', 'file:', 'blob:'];

/**
 * A redirect address an app may register: the out-of-band address, or an absolute URI without a
 * fragment (RFC 6749 3.1.2); custom schemes (`elk://`, `ivory://`) are what mobile apps use.
 */
export function isRedirectUri(uri: string): boolean {
  if (uri === oobRedirectUri) return true;
  if (!URL.canParse(uri)) return false;
  const url = new URL(uri);
  return url.hash === '' && !uri.includes('#') && !refusedSchemes.includes(url.protocol.toLowerCase());
}

export const applicationOf = (app: OauthApp): MastodonApplication => ({
  id: String(app.id),
  name: app.name,
  website: app.website,
  scopes: app.scopes,
  redirect_uri: app.redirectUris.join('\n'),
  redirect_uris: app.redirectUris,
});

/** POST /api/v1/apps and GET /api/v1/apps/verify_credentials. */
export function appRoutes(v1: FastifyInstance, ctx: AppContext) {
  v1.post('/apps', async (request, reply) => {
    const parsed = mastodonCreateAppBodySchema.safeParse(request.body ?? {});
    if (!parsed.success) throw validationFailed(describeIssues(parsed.error).join('; '));
    const body = parsed.data;
    const redirectUris = (Array.isArray(body.redirect_uris) ? body.redirect_uris : body.redirect_uris.split(/\s+/))
      .map((uri) => uri.trim())
      .filter((uri) => uri !== '');
    if (redirectUris.length === 0 || !redirectUris.every(isRedirectUri)) {
      throw validationFailed('Redirect URI must be an absolute URI without a fragment, or urn:ietf:wg:oauth:2.0:oob');
    }
    const scopes = parseScopes(body.scopes);
    if (!scopes)
      throw validationFailed('Scopes must be among read, write, follow, push, profile and their granular forms');
    const website = body.website?.trim() || null;
    if (website !== null && !/^https?:\/\//i.test(website))
      throw validationFailed('Website must be an http(s) address');
    const clientSecret = newSecret();
    const app = {
      clientId: newSecret(),
      secretSha256: sha256Hex(clientSecret),
      name: body.client_name,
      website,
      redirectUris: [...new Set(redirectUris)],
      scopes,
    };
    const id = await insertApp(ctx.db, app);
    noStore(reply);
    return {
      ...applicationOf({ ...app, id }),
      client_id: app.clientId,
      client_secret: clientSecret,
      client_secret_expires_at: 0,
    };
  });

  v1.get('/apps/verify_credentials', async (request) => {
    // Any token of the app will do, whatever its scopes: the app asks whether its token still holds.
    const caller = await callerOf(request, ctx);
    const app = caller?.appId == null ? undefined : await findAppById(ctx.db, caller.appId);
    if (!app) throw invalidToken();
    return applicationOf(app);
  });
}
