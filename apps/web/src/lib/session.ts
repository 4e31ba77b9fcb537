import { type SignedOutReason, sessionKeys, type User } from '@spotter/contract';
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
/**
 * Why the server ended the session, when it did (issue 47, item 3): kept in memory, not in
 * localStorage, because opening / (the login screen) clears localStorage; gone with the next login.
 */
let endedBecause: SignedOutReason | null = null;

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
  endedBecause = null;
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
export function clearSession(reason?: SignedOutReason) {
  if (reason) endedBecause = reason;
  localStorage.clear();
  void clearOfflineCaches();
  current = null;
  emit();
}

/** Why the last session was ended by the server (a 401 that said so), until the next login. */
export function signedOutReason(): SignedOutReason | null {
  return endedBecause;
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
