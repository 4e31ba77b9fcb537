import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { endSessionByKey, findGrantSession, findSessionByRefresh, identityChanged } from '../../accounts';
import { clientOf } from '../client-auth';
import { noStore } from '../no-store';
import { oauthRefusal } from '../oauth-error';
import { deleteAppToken } from '../queries/grants';
import { sha256Hex } from '../secrets';

/**
 * POST /oauth/revoke (RFC 7009): the client ends one of its tokens, an access or a refresh token (a
 * person's token and its refresh token are one session: both end). The answer is 200 `{}` whether
 * or not the token was known (RFC 7009 2.2), so the call says nothing of other clients' tokens.
 */
export function revokeRoute(scope: FastifyInstance, ctx: AppContext) {
  scope.post('/oauth/revoke', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const token = typeof body.token === 'string' ? body.token : '';
    if (token === '') throw oauthRefusal.invalidRequest('token is missing.');
    const { app, confidential } = await clientOf(request, ctx, body);
    if (!confidential) throw oauthRefusal.invalidClient();
    const session = await sessionOfToken(ctx, token);
    if (session && session.oauth_app_id === app.id) {
      await endSessionByKey(ctx.db, session.id);
      identityChanged(ctx, session.user_id);
      await ctx.notifications.endStreams(session.user_id, { sessions: [session.public_id], reason: 'session_revoked' });
    } else if (!session) {
      await deleteAppToken(ctx.db, sha256Hex(token), app.id);
    }
    noStore(reply);
    return {};
  });
}

/** The session of a person's access token (signed, naming its session) or of a refresh token. */
async function sessionOfToken(ctx: AppContext, token: string) {
  if (token.split('.').length === 3) {
    const claims = await ctx.tokens.verify(token);
    return claims?.sid === undefined ? undefined : findGrantSession(ctx.db, claims.sid);
  }
  return findSessionByRefresh(ctx.db, sha256Hex(token), ctx.config.tokenTtlSeconds);
}
