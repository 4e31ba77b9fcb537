/**
 * The auth feature's public entry: what the app and other features may use. Its screens (login,
 * signup) are loaded lazily by app/router.tsx, each in its own chunk.
 */
export { useLogout } from './api/logout';
export { type FromState, ProtectedRoute } from './components/protected-route';
