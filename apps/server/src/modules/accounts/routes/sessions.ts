import { apiErrors } from '@spotter/contract';
import { notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { recordSecurityEvent } from '../queries/security-log';
import { bumpTokenVersion, endOtherSessions, endSession, listSessions as sessionsOf } from '../queries/sessions';
import { currentSessionKey, identityChanged } from '../require-user';
import { sessionOrigin } from '../session-token';

export const listSessions: Handler<'listSessions'> = async ({ user, request }, ctx) => ({
  sessions: await sessionsOf(ctx.db, user.id, currentSessionKey(request), ctx.config.tokenTtlSeconds),
});

/** Another person's session, or one already ended, is a 404. */
export const revokeSession: Handler<'revokeSession'> = async ({ params, user, request }, ctx) => {
  if (!(await endSession(ctx.db, user.id, params.sessionId))) throw notFound(apiErrors.sessionNotFound);
  identityChanged(ctx, user.id);
  await ctx.notifications.endStreams(user.id, { sessions: [params.sessionId], reason: 'session_revoked' });
  return { sessions: await sessionsOf(ctx.db, user.id, currentSessionKey(request), ctx.config.tokenTtlSeconds) };
};

/** "Log out everywhere": every session ends and the token version rises (tokens from before sessions end too). */
export const revokeAllSessions: Handler<'revokeAllSessions'> = async ({ user, request }, ctx) => {
  await bumpTokenVersion(ctx.db, user.id);
  await endOtherSessions(ctx.db, user.id, undefined);
  identityChanged(ctx, user.id);
  await ctx.notifications.endStreams(user.id, { reason: 'logged_out_everywhere' });
  await recordSecurityEvent(ctx.db, user.id, 'sessions-revoked', sessionOrigin(request));
  return { sessions: [] };
};
