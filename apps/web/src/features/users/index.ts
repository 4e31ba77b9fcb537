/**
 * The users feature's public entry: people search and suggestions for the app's frame. The profile
 * screen is loaded lazily by app/router.tsx.
 */
export { Suggestions } from './components/suggestions';
export { UserSearch } from './components/user-search';
