/**
 * The users feature's public entry: people search and suggestions for the app's frame, and the
 * profile's header and data, which app/routes/profile.tsx puts together with the posts and training
 * tabs. The follow lists' screen is loaded lazily by app/router.tsx.
 */
export { useFreshSessionUser } from './api/fresh-session-user';
export { useProfile } from './api/get-profile';
export { PeopleResults } from './components/people-results';
export { ProfileHeader } from './components/profile-header';
export { Suggestions } from './components/suggestions';
export { UserSearch } from './components/user-search';
