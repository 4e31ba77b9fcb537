import { useSyncExternalStore } from 'react';

/**
 * A new version of the app waits in the service worker (issue 48): `apply` makes it take over, and
 * the page reloads once it controls the page. Set by register-service-worker.ts; read by the prompt.
 */
let waiting: { apply: () => void } | null = null;
const listeners = new Set<() => void>();

export function announceUpdate(apply: () => void) {
  waiting = { apply };
  for (const listener of listeners) listener();
}

export function useUpdateReady() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting,
    () => null,
  );
}
