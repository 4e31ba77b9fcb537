/**
 * Email, optional and verified, and "Forgot password?" (issue 45): the limits, the web pages a mail
 * links to, and the texts both apps show. Apart from messages.ts so that two-factor sign-in, added
 * at the same time, touches other lines.
 */

/** RFC 5321's longest path: a longer address cannot be delivered. */
export const emailMaxLength = 254;
/** How long a verification link works: mail can be slow, and the link only proves the mailbox. */
export const emailVerifyTtlHours = 24;
/** The web app's page that takes a verification link: `<origin>/verify-email#token=<token>`. */
export const verifyEmailPath = '/verify-email';

/** What the API answers about email, as `{ "errors": [message] }`. */
export const emailErrors = {
  emailOff: 'Email is not set up on this server: ask a moderator for a recovery link instead.',
  demoGuestEmail: 'The demo guest cannot add an email: sign up for your own account.',
  verifyLinkInvalid:
    'This verification link is not valid: it was already used, has expired, or was replaced by a newer one.',
} as const;

/** What the web app shows about email. */
export const emailTexts = {
  verificationSent: (address: string) =>
    `We sent a link to ${address}. Open it within ${emailVerifyTtlHours} hours to verify this address.`,
  verified: 'Your email is verified: you can now reset a forgotten password from the login screen.',
  noEmail: 'No email yet. Add one to reset a forgotten password yourself.',
  pending: (address: string) => `${address} is waiting for you to open the link we sent.`,
  verifiedAddress: (address: string) => `${address} (verified)`,
  forgotLink: 'Forgot password?',
  forgotSent:
    'If this account has a verified email, a link to set a new password is on its way. It works once, for one hour.',
  verifyLinkIncomplete: 'This page needs the whole link from the mail we sent: add your email again in Settings.',
  resetLinkIncomplete: 'This page needs the whole recovery link: ask for a new one with “Forgot password?”.',
} as const;
