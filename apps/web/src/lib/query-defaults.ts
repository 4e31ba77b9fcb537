import type { DefaultOptions } from '@tanstack/react-query';

/**
 * The app's query defaults, shared by its query client and the tests' (src/testing/render.tsx).
 * `offlineFirst`: with the device offline (`navigator.onLine` false) a read still runs once, so the
 * service worker can answer it from its last copy and a screen's own fallback (the kept exercise
 * catalogue) can run; TanStack's default `online` would pause it until the connection returns.
 */
export const appQueryDefaults = {
  staleTime: 30_000,
  retry: 1,
  refetchOnWindowFocus: false,
  networkMode: 'offlineFirst',
} satisfies DefaultOptions['queries'];
