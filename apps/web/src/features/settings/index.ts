/**
 * The settings feature's public entry: the person's account settings (their default visibility),
 * which the composer shows. The /settings screen is loaded lazily by app/router.tsx.
 */
export { useAccountSettings } from './api/account-settings';
