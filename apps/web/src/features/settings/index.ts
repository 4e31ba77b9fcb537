/**
 * The settings feature's public entry: the person's account settings, whose default visibility the
 * app gives the composer. The /settings screen is loaded lazily by app/router.tsx.
 */
export { useAccountSettings } from './api/account-settings';
