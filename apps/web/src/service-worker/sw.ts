/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  cacheNames,
  isAppNavigation,
  isMedia,
  keepsOfflineCopy,
  mediaCacheMaxEntries,
  offlineCopyHeader,
} from './cache-rules';

/**
 * Spotter's service worker (issue 48, decision 081): the app shell and every screen's chunk
 * precached, so each screen opens offline once the app was opened online; API reads network first
 * with the last copy as the fallback, marked; photos cache first within a bound. A new version
 * waits until the app says the person chose "Reload" (SKIP_WAITING), so a page never runs half old,
 * half new code.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every client route answers with the precached index.html, so a deep link opens offline too.
// (A navigation to /api/ or /media/, such as a download, goes to the network as it is.)
registerRoute(
  ({ url, request }) => request.mode === 'navigate' && isAppNavigation(url),
  createHandlerBoundToURL('/index.html'),
);

const apiReads = new NetworkFirst({
  cacheName: cacheNames.api,
  // A slow gym network falls back to the last copy instead of a spinner that never ends.
  networkTimeoutSeconds: 6,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    {
      // A copy the network could not refresh is marked, so the app can say it is not current.
      cachedResponseWillBeUsed: async ({ cachedResponse }) => (cachedResponse ? markedCopy(cachedResponse) : null),
    },
  ],
});
registerRoute(
  ({ url, request }) => keepsOfflineCopy(url, request.method, self.location.origin),
  async (options) => {
    try {
      return await apiReads.handle(options);
    } catch {
      return offlineAnswer();
    }
  },
);

registerRoute(
  ({ url, request }) => isMedia(url, request.method, self.location.origin),
  new CacheFirst({
    cacheName: cacheNames.media,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: mediaCacheMaxEntries, purgeOnQuotaError: true }),
    ],
  }),
);

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

async function markedCopy(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.set(offlineCopyHeader, '1');
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}

/** No network and no copy: the API's own error shape, so the app shows it as any other refusal. */
function offlineAnswer(): Response {
  return new Response(JSON.stringify({ errors: ["You're offline, and this was not saved on this device yet."] }), {
    status: 503,
    headers: { 'content-type': 'application/json; charset=utf-8', [offlineCopyHeader]: '1' },
  });
}
