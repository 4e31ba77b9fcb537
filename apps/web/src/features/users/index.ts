/**
 * The users feature's public entry: people search and suggestions for the app's frame, and the
 * query keys under which people are cached. The profile screen is loaded lazily by app/router.tsx.
 */
export { userKeys } from './api/user-keys';
export { Suggestions } from './components/suggestions';
export { UserSearch } from './components/user-search';
