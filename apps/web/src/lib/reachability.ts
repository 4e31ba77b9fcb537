import { useSyncExternalStore } from 'react';

/**
 * Whether the server can be reached now (issue 48). `navigator.onLine` alone is not enough: in a
 * basement gym the phone often has "a network" that reaches nothing, and a server that is down looks
 * the same. So the state is the browser's word combined with what the API calls themselves saw: a
 * call that failed for want of a network (or was answered from the service worker's copy) marks the
 * server unreachable; any answer from the server marks it reachable again. While unreachable, a
 * light probe asks the server every few seconds, so the state returns without waiting for a click.
 */
export type Reachability = 'online' | 'offline';

/** Said on an action that needs the server (like, follow, comment) while it cannot be reached. */
export const needsConnection = 'You’re offline: this needs a connection.';

const listeners = new Set<() => void>();
let browserOnline = typeof navigator === 'undefined' ? true : navigator.onLine;
let serverAnswered = true;
let probe: ReturnType<typeof setInterval> | undefined;

/** How often the server is asked while it cannot be reached. */
export const probeIntervalMs = 5_000;

function current(): Reachability {
  return browserOnline && serverAnswered ? 'online' : 'offline';
}

function emit(before: Reachability) {
  const now = current();
  if (now === before) return;
  if (now === 'offline') startProbe();
  else stopProbe();
  for (const listener of listeners) listener();
}

/** The API answered (any status): the server is there. */
export function markServerReached() {
  const before = current();
  serverAnswered = true;
  emit(before);
}

/** A call found no server (a network error, or the service worker answered from its copy). */
export function markServerUnreachable() {
  const before = current();
  serverAnswered = false;
  emit(before);
}

export function getReachability(): Reachability {
  return current();
}

/** Calls `listener` on every change; the returned function stops it. */
export function onReachabilityChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useReachability(): Reachability {
  return useSyncExternalStore(onReachabilityChange, current, () => 'online');
}

function startProbe() {
  if (probe !== undefined || typeof window === 'undefined') return;
  probe = setInterval(() => {
    // /readyz is outside /api: the service worker lets it through, so only the real server answers.
    fetch('/readyz', { cache: 'no-store' })
      .then(() => markServerReached())
      .catch(() => undefined);
  }, probeIntervalMs);
}

function stopProbe() {
  if (probe === undefined) return;
  clearInterval(probe);
  probe = undefined;
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    const before = current();
    browserOnline = true;
    // The browser says the network is back; the server is assumed there until a call says otherwise.
    serverAnswered = true;
    emit(before);
  });
  window.addEventListener('offline', () => {
    const before = current();
    browserOnline = false;
    emit(before);
  });
}
