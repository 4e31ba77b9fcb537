import { routeGroup, writes } from './spec';

/**
 * An optional, verified email and "Forgot password?" (issue 45). These calls answer 404 with
 * `emailErrors.emailOff` when the server has no SMTP_URL (GET /api/capabilities says so first).
 */
export const emailRoutes = routeGroup({
  myEmail: {
    method: 'GET',
    path: '/api/users/me/email',
    summary: "The signed-in person's email: the verified address and the one waiting for its link",
    tag: 'users',
    auth: true,
    status: 200,
  },
  setEmail: {
    method: 'POST',
    path: '/api/users/me/email',
    summary: 'Add or change the email: a verification link is mailed to it (202); it counts once verified',
    tag: 'users',
    auth: true,
    status: 202,
    rateLimit: [...writes, 'emailsPerUser'],
  },
  verifyEmail: {
    method: 'POST',
    path: '/api/auth/verify-email',
    summary: "Verify an email with the mailed link's token",
    tag: 'auth',
    auth: false,
    status: 200,
    rateLimit: ['loginPerIp'],
  },
  forgotPassword: {
    method: 'POST',
    path: '/api/auth/forgot-password',
    summary: 'Mail a recovery link to the account’s verified email, if it has one; always 202, whatever the username',
    tag: 'auth',
    auth: false,
    status: 202,
    rateLimit: ['forgotPasswordPerIp', 'forgotPasswordPerUser'],
  },
});
