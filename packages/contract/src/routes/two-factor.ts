import { routeGroup } from './spec';

/**
 * Two-factor sign-in of the signed-in person (issue 45; the `users` tag). The calls that check a code
 * spend the per-account login budget: a stolen token cannot guess codes faster than a login could.
 */
export const twoFactorRoutes = routeGroup({
  twoFactorStatus: {
    method: 'GET',
    path: '/api/users/me/two-factor',
    summary: 'Whether logging in to the signed-in account asks for a code from an authenticator app',
    tag: 'users',
    auth: true,
    status: 200,
  },
  startTwoFactor: {
    method: 'POST',
    path: '/api/users/me/two-factor',
    summary:
      'A new TOTP key (RFC 6238: SHA-1, 6 digits, 30 s) and its otpauth:// link; not active until confirmed. ' +
      'Replaces a key not yet confirmed; refused while two-factor sign-in is on',
    tag: 'users',
    auth: true,
    status: 200,
    rateLimit: ['writesPerUser'],
  },
  confirmTwoFactor: {
    method: 'POST',
    path: '/api/users/me/two-factor/confirm',
    summary:
      'Turn two-factor sign-in on with a code of the new key; answers 10 single-use recovery codes, shown only this once',
    tag: 'users',
    auth: true,
    status: 200,
    rateLimit: ['writesPerUser', 'loginPerUser'],
  },
  disableTwoFactor: {
    method: 'POST',
    path: '/api/users/me/two-factor/disable',
    summary: 'Turn two-factor sign-in off, with the password and a code (or a recovery code)',
    tag: 'users',
    auth: true,
    status: 200,
    rateLimit: ['writesPerUser', 'loginPerUser'],
  },
});
