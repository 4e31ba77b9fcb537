import { sessionKeys, type User } from '@spotter/contract';
import { useSyncExternalStore } from 'react';
import { clearOfflineCaches } from './offline-caches';

/**
 * The signed-in person, kept in localStorage under the keys of SPEC §3: `token`, `loggedUser` (the
 * username) and `userData` (the user as JSON).
 * A tiny external store so every component sees login, profile edits and logout at once.
 */
export interface Session {
  token: string;
  user: User;
}

const { token: tokenKey, username: usernameKey, user: userKey } = sessionKeys;
const listeners = new Set<() => void>();
let current: Session | null = read();

function read(): Session | null {
  try {
    const token = localStorage.getItem(tokenKey);
    const user = localStorage.getItem(userKey);
    return token && user ? { token, user: JSON.parse(user) as User } : null;
  } catch {
    return null;
  }
}

function emit() {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  return current;
}

export function setSession(session: Session) {
  localStorage.setItem(tokenKey, session.token);
  localStorage.setItem(usernameKey, session.user.username);
  localStorage.setItem(userKey, JSON.stringify(session.user));
  current = session;
  emit();
}

export function updateSessionUser(user: User) {
  if (!current) return;
  setSession({ ...current, user });
}

/**
 * SPEC §2: opening / and Logout both clear local storage entirely; the service worker's copies of
 * the person's API answers and media go with it (issue 48).
 */
export function clearSession() {
  localStorage.clear();
  void clearOfflineCaches();
  current = null;
  emit();
}

export function useSession(): Session | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}
