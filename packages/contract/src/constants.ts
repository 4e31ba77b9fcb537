/** The seed's guest account: what 'Login as Guest' uses. Public on purpose (README, login screen). */
export const guestCredentials = { username: 'guest', password: 'spotme-guest-2026' } as const;

/** The 7 preset avatars, shipped with the web app (apps/web/public/avatars). */
export const presetAvatars = [
  '/avatars/avatar-1.svg',
  '/avatars/avatar-2.svg',
  '/avatars/avatar-3.svg',
  '/avatars/avatar-4.svg',
  '/avatars/avatar-5.svg',
  '/avatars/avatar-6.svg',
  '/avatars/avatar-7.svg',
] as const;

/** The fixed avatar a new account starts with. */
export const defaultAvatarUrl = '/avatars/default.svg';

/** SPEC §9 */
export const toastAutoCloseMs = 2000;
export const requestBodyLimitBytes = 1024 * 1024;
