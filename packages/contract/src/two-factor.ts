/**
 * Two-factor sign-in (issue 45): a TOTP code from an authenticator app (RFC 6238), or one of ten
 * single-use recovery codes. The rules both apps share, the API's messages and the web app's texts.
 */
export const twoFactor = {
  /** RFC 6238 as authenticator apps read an otpauth:// link without options: SHA-1, 6 digits, 30 s. */
  algorithm: 'SHA1',
  digits: 6,
  periodSeconds: 30,
  /** Codes of the step before and after the current one are accepted too (clock drift, typing time). */
  window: 1,
  /** The name the authenticator app lists the account under, before the username. */
  issuer: 'Spotter',
  recoveryCodeCount: 10,
} as const;

/** A 6-digit code as typed (spaces allowed, as apps show "123 456"). */
export const totpCodePattern = /^\d{3}\s?\d{3}$/;

/** What the API answers about two-factor sign-in, word for word. */
export const twoFactorErrors = {
  /** POST /api/auth/login without `code` for an account with two-factor sign-in on (401, twoFactorRequired). */
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  /** A wrong, expired or already used code, at login (401) or in Settings (400). */
  codeWrong:
    'That code is not valid: enter the current 6-digit code from your authenticator app, or an unused recovery code.',
  alreadyOn: 'Two-factor sign-in is already on: turn it off first to set it up again.',
  notStarted: 'Start setting up two-factor sign-in first: there is no code to confirm.',
  notOn: 'Two-factor sign-in is not on.',
  demoGuest: 'The demo guest cannot turn on two-factor sign-in: sign up for your own account.',
  wrongPassword: 'The password is not correct: two-factor sign-in is still on.',
} as const;

/** What the web app shows about two-factor sign-in (Settings and the login screen's code step). */
export const twoFactorTexts = {
  off: 'Two-factor sign-in is off. With it on, logging in also asks for a code from an authenticator app on your phone.',
  on: 'Two-factor sign-in is on: logging in asks for a code from your authenticator app.',
  start: 'Set up two-factor sign-in',
  scan: 'Scan this QR code with your authenticator app, or type the key below into it. Then enter the 6-digit code it shows.',
  qrLabel: 'QR code for your authenticator app',
  secretLabel: 'Key for typing in',
  codeLabel: 'Code from your authenticator app',
  confirm: 'Turn on',
  cancel: 'Cancel',
  enabled: 'Two-factor sign-in is on.',
  recoveryTitle: 'Your recovery codes',
  recoveryHelp:
    'Keep these codes somewhere safe: each one logs you in once if you lose your phone. They are shown only now.',
  recoveryList: 'Recovery codes',
  copyCodes: 'Copy codes',
  copied: 'Recovery codes copied.',
  savedCodes: 'I have saved my codes',
  disable: 'Turn off two-factor sign-in',
  disableHelp: 'Enter your password and a code from your authenticator app (or a recovery code).',
  disabled: 'Two-factor sign-in is off.',
  disableCodeLabel: 'Code from your authenticator app or a recovery code',
  enterCode: 'Enter the 6-digit code.',
  enterPassword: 'Enter your password.',
  loginCodeLabel: 'Authentication code',
  loginCodeHint: 'The 6-digit code from your authenticator app, or one of your recovery codes.',
  verify: 'Verify',
  back: 'Back',
} as const;
