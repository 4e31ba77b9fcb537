import { routeGroup, writes } from './spec';

/**
 * The consent step of OAuth 2 (issue 50), which the web app's /oauth/authorize screen calls: what an
 * app asks for, and the signed-in person's "Authorize". The rest of OAuth (/oauth/token, /api/v1/apps)
 * speaks Mastodon's API outside this table (docs/client-api.md).
 */
export const oauthRoutes = routeGroup({
  oauthAuthorization: {
    method: 'GET',
    path: '/api/oauth/authorization',
    summary: 'What an OAuth app asks for: its name and the scopes of this authorization request',
    tag: 'oauth',
    auth: true,
    status: 200,
  },
  approveOauthAuthorization: {
    method: 'POST',
    path: '/api/oauth/authorization',
    summary: 'Authorize an OAuth app: a single-use code for its redirect address (or to show, out of band)',
    tag: 'oauth',
    auth: true,
    status: 200,
    rateLimit: writes,
  },
});
