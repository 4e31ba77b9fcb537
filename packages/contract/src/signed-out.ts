/**
 * Why a token stopped working (issue 47, item 3). A 401 for a token that was valid once carries
 * `{ "errors": [apiErrors.invalidToken], "reason": SignedOutReason }`: the spec's message stays
 * word for word, and the web app reads the reason to tell the person why they are on the login
 * screen. A token that never was valid (forged, malformed) carries no reason.
 */
export const signedOutReasons = [
  'password_changed',
  'logged_out_everywhere',
  'session_revoked',
  'session_expired',
  'account_suspended',
] as const;

export type SignedOutReason = (typeof signedOutReasons)[number];

/** What the login screen says above the form after a sign-out the person did not ask for here. */
export const signedOutMessages: Record<SignedOutReason, string> = {
  password_changed: 'You were signed out because your password was changed.',
  logged_out_everywhere: 'You were signed out because you logged out everywhere.',
  session_revoked: 'You were signed out because this session was ended from another device.',
  session_expired: 'You were signed out because your session expired.',
  account_suspended: 'You were signed out because your account was suspended.',
};

export function isSignedOutReason(value: unknown): value is SignedOutReason {
  return typeof value === 'string' && (signedOutReasons as readonly string[]).includes(value);
}
