import { cacheNames } from '../service-worker/cache-rules';

/**
 * Deletes the service worker's copies of API answers and media (issue 48): called with every end of
 * a session (logout, opening /, a refused token), so the next person on this device finds nothing of
 * the last one. The app shell's precache stays: it holds no one's data.
 */
export async function clearOfflineCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(Object.values(cacheNames).map((name) => caches.delete(name)));
}
