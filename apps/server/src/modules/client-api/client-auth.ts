import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { oauthRefusal } from './oauth-error';
import { findAppByClientId, type OauthApp } from './queries/apps';
import { sameText, sha256Hex } from './secrets';

/** The client of a token or revoke request, and whether it proved itself with its secret. */
export interface Client {
  app: OauthApp;
  confidential: boolean;
}

/** RFC 6749 2.3.1: `Authorization: Basic base64(urlencode(id):urlencode(secret))`. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  if (!header?.toLowerCase().startsWith('basic ')) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw oauthRefusal.invalidClient();
  try {
    return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
  } catch {
    throw oauthRefusal.invalidClient();
  }
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * The client, from HTTP Basic or from `client_id` and `client_secret` in the body (one way only,
 * RFC 6749 2.3). Without a secret it is a public client: only a PKCE code exchange accepts that.
 */
export async function clientOf(
  request: FastifyRequest,
  ctx: AppContext,
  body: Record<string, unknown>,
): Promise<Client> {
  const basic = basicCredentials(request.headers.authorization);
  if (basic && (text(body.client_secret) !== undefined || text(body.client_id) !== undefined)) {
    throw oauthRefusal.invalidRequest(
      'Send the client credentials in the Authorization header or in the body, not both.',
    );
  }
  const id = basic?.id ?? text(body.client_id);
  const secret = basic?.secret ?? text(body.client_secret);
  if (id === undefined) throw oauthRefusal.invalidClient();
  const app = await findAppByClientId(ctx.db, id);
  if (!app) throw oauthRefusal.invalidClient();
  if (secret === undefined) return { app, confidential: false };
  if (!sameText(sha256Hex(secret), app.secretSha256)) throw oauthRefusal.invalidClient();
  return { app, confidential: true };
}
