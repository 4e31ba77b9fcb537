import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { SignedInUser, UserRow } from '../../db/schema';
import { type SessionGrant, type SessionOrigin, startSession } from './queries/sessions';

/** Where a request comes from, as kept in sessions and the security log (the user agent cut to 200 characters). */
export function sessionOrigin(request: FastifyRequest): SessionOrigin {
  const agent = request.headers['user-agent'];
  return { ip: request.ip ?? '', userAgent: typeof agent === 'string' ? agent.slice(0, 200) : '' };
}

/**
 * A new session of the person: their expired sessions and those beyond the cap end with it, and so do
 * those sessions' open streams (their tokens are refused from now on; a stream would otherwise go on
 * until it reconnects). Answers the new session's public id.
 */
export async function openSession(
  ctx: AppContext,
  userId: UserRow['id'],
  origin: SessionOrigin,
  grant?: SessionGrant,
): Promise<string> {
  const { publicId, ended } = await startSession(ctx.db, userId, origin, ctx.config.tokenTtlSeconds, grant);
  if (ended.length > 0) await ctx.notifications.endStreams(userId, { sessions: ended, reason: 'session_expired' });
  return publicId;
}

/** A new token in a new session (login, signup). */
export async function issueToken(ctx: AppContext, user: UserRow, request: FastifyRequest): Promise<string> {
  const sid = await openSession(ctx, user.id, sessionOrigin(request));
  return ctx.tokens.sign({ _id: user.public_id, username: user.username, ver: user.token_version, sid });
}

/**
 * A new token in a new session for an OAuth app (issue 50): the same signed token as a login's, so
 * everything that ends sessions ends it; its session names the app, the scopes and the refresh token.
 */
export async function issueGrantToken(
  ctx: AppContext,
  user: SignedInUser,
  origin: SessionOrigin,
  grant: SessionGrant,
): Promise<{ token: string; sessionId: string }> {
  const sid = await openSession(ctx, user.id, origin, grant);
  const token = await ctx.tokens.sign({ _id: user.public_id, username: user.username, ver: user.token_version, sid });
  return { token, sessionId: sid };
}
