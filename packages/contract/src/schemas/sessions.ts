import { z } from 'zod';
import { id, timestamp } from './fields';
import { pageQuerySchema } from './pages';

/** One signed-in device or browser: a token's id (its `jti`) and where it was last used. */
export const sessionSchema = z.object({
  _id: id,
  createdAt: timestamp,
  /** Updated at most once a minute while the token is used. */
  lastSeenAt: timestamp,
  /** The `user-agent` header at login, cut to 200 characters ('' when none was sent). */
  userAgent: z.string(),
  /** The client address at login, as the server saw it (behind TRUST_PROXY, the forwarded one). */
  ip: z.string(),
  /** The OAuth app the session was authorized for (issue 50), null for a login to Spotter itself. */
  appName: z.string().nullable(),
  /** true for the session of the token that asked. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

/** Newest first; at most 50 per person (a login beyond that ends the oldest). */
export const sessionsResponseSchema = z.object({ sessions: z.array(sessionSchema) });
export const sessionIdParamsSchema = z.object({ sessionId: id });
export const loggedOutResponseSchema = z.object({ loggedOut: z.literal(true) });

export const securityEventKinds = [
  'login-failed',
  'password-changed',
  'sessions-revoked',
  // Two-factor sign-in (issue 45): a wrong code after the right password says the password is known.
  'two-factor-failed',
  'two-factor-enabled',
  'two-factor-disabled',
  'recovery-code-used',
] as const;
export type SecurityEventKind = (typeof securityEventKinds)[number];

/** One entry of a person's security log: a wrong password at login, a password change, a "log out everywhere". */
export const securityEventSchema = z.object({
  kind: z.enum(securityEventKinds),
  at: timestamp,
  ip: z.string(),
  userAgent: z.string(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const securityLogQuerySchema = pageQuerySchema;
export const securityLogSchema = z.object({
  events: z.array(securityEventSchema),
  /** null on the last page */
  nextCursor: z.string().nullable(),
});
export type SecurityLog = z.infer<typeof securityLogSchema>;
