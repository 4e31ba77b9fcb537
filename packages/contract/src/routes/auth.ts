import { routeGroup, writes } from './spec';

/** Signing up, in and out (the `auth` tag). */
export const authRoutes = routeGroup({
  login: {
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Log in',
    tag: 'auth',
    auth: false,
    status: 200,
    rateLimit: ['loginPerIp', 'loginPerUser'],
  },
  signup: {
    method: 'POST',
    path: '/api/auth/signup',
    summary: 'Sign up',
    tag: 'auth',
    auth: false,
    status: 201,
    rateLimit: ['signupPerIp'],
  },
  logout: {
    method: 'POST',
    path: '/api/auth/logout',
    summary: "Log out: ends the token's session on the server",
    tag: 'auth',
    auth: true,
    status: 200,
    rateLimit: writes,
  },
  guestAccount: {
    method: 'GET',
    path: '/api/auth/guest',
    summary: "Whether this server has the guest account that 'Login as Guest' signs in to",
    tag: 'auth',
    auth: false,
    status: 200,
  },
});

/**
 * A new password set with a moderator's recovery link (issue 16; the `auth` tag, last of the table's
 * calls but the demo todos, and so of the OpenAPI document's).
 */
export const passwordResetRoutes = routeGroup({
  resetPassword: {
    method: 'POST',
    path: '/api/auth/reset-password',
    summary: 'Set a new password with a recovery link; every earlier token of the account stops working',
    tag: 'auth',
    auth: false,
    status: 200,
    rateLimit: ['loginPerIp'],
  },
});
