/**
 * What the service worker keeps for offline use (issue 48, decision 081), as plain rules both the
 * worker and the app import: the app clears these caches at logout and when / is opened.
 * Nothing here may touch `window` or `self`: it runs in both.
 */
export const cacheNames = {
  /** Answers of API reads, the last copy of each, network first. */
  api: 'spotter-api-v1',
  /** Photos and clips, cache first, the oldest dropped beyond `mediaCacheMaxEntries`. */
  media: 'spotter-media-v1',
} as const;

/**
 * About 100 MB at the sizes Spotter serves (a cleaned photo is at most about 250 KB): the Cache API
 * cannot bound bytes, so the worker bounds entries (Workbox's ExpirationPlugin, least recently used).
 */
export const mediaCacheMaxEntries = 400;

/** Set on an answer the worker gave from its cache because the network failed. */
export const offlineCopyHeader = 'x-spotter-offline-copy';

// Reads that must never be answered from an old copy: credentials and sessions, the person's whole
// data, the moderators' screens (a copy would outlive a role), live streams and searches.
const neverKept = [
  '/api/auth/',
  '/api/users/me/sessions',
  '/api/users/me/security-log',
  // The person's email address (issue 45): never left in the browser's caches.
  '/api/users/me/email',
  // What the server offers (issue 45): asked by the login screen, after a logout has emptied the caches.
  '/api/capabilities',
  '/api/users/me/export',
  '/api/users/me/workouts.csv',
  '/api/users/search',
  '/api/search',
  '/api/admin/',
  '/api/test-todos',
  '/api/notifications/stream',
];

/** An API read whose last answer is kept for offline use. */
export function keepsOfflineCopy(url: URL, method: string, origin: string): boolean {
  if (method !== 'GET' || url.origin !== origin || !url.pathname.startsWith('/api/')) return false;
  return !neverKept.some((prefix) => url.pathname === prefix || url.pathname.startsWith(prefix));
}

/** A photo or clip of a post or an avatar, kept cache first (their URLs never change content). */
export function isMedia(url: URL, method: string, origin: string): boolean {
  return method === 'GET' && url.origin === origin && url.pathname.startsWith('/media/');
}

/** A page load the app shell answers (every client route); the API and media answer their own. */
export function isAppNavigation(url: URL): boolean {
  return !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/media/');
}
