import { emailVerifyTtlHours, resetLinkTtlMinutes } from '@spotter/contract';
import type { Mail } from '../../mail/outbox';

/**
 * The two mails Spotter sends (issue 45), plain text: the link is the whole point, and a text mail
 * shows it as it is (no tracking, no remote images). Each says what to do if it was not asked for.
 */
export const verificationMail = (to: string, username: string, link: string): Mail => ({
  to,
  subject: 'Verify your email for Spotter',
  text: [
    `Hello ${username},`,
    '',
    'Open this link to verify this address for your Spotter account:',
    '',
    link,
    '',
    `It works once, for ${emailVerifyTtlHours} hours. Once verified, "Forgot password?" on the login screen`,
    'can send a recovery link here.',
    '',
    'If you did not add this address, ignore this mail: nothing changes.',
  ].join('\n'),
});

export const recoveryMail = (to: string, username: string, link: string): Mail => ({
  to,
  subject: 'Set a new password for Spotter',
  text: [
    `Hello ${username},`,
    '',
    'Someone asked for a new password for your Spotter account. Open this link to set one:',
    '',
    link,
    '',
    `It works once, for ${resetLinkTtlMinutes} minutes, and ends every session of the account.`,
    '',
    'If you did not ask, ignore this mail: your password stays as it is.',
  ].join('\n'),
});
