import { Workbox } from 'workbox-window';
import { announceUpdate } from './update-ready';

/**
 * Registers /sw.js (issue 48) once the first screen is drawn, so the first load's budget is untouched.
 * A newer worker waits until the person presses Reload; then it takes over and the page reloads
 * once, running the new version throughout.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    announceUpdate(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  // A browser that refuses workers (private modes, policies) runs the app online only.
  workbox.register().catch(() => undefined);
}
