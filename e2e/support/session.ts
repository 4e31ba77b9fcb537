import type { Page } from '@playwright/test';
import { guestCredentials } from '@spotter/contract';

let counter = 0;

/** A fresh account for a journey that changes data, so journeys never depend on each other's leftovers. */
export async function signUpFreshUser(page: Page, prefix = 'lifter') {
  counter += 1;
  const username = `${prefix}${Date.now().toString(36)}${counter}`;
  const password = 'squat-bench-deadlift-9';
  const response = await page.request.post('/api/auth/signup', {
    data: { firstname: 'Test', lastname: 'Lifter', username, password },
  });
  if (response.status() !== 201) throw new Error(`signup failed: ${response.status()} ${await response.text()}`);
  const body = await response.json();
  await storeSession(page, body.encodedToken, body.createdUser);
  return { username, password, token: body.encodedToken as string, user: body.createdUser };
}

/** Logs the guest in through the API and stores the session the way the app does. */
export async function logInAsGuest(page: Page) {
  const response = await page.request.post('/api/auth/login', { data: guestCredentials });
  const body = await response.json();
  await storeSession(page, body.encodedToken, body.foundUser);
  return { token: body.encodedToken as string, user: body.foundUser };
}

/** SPEC §3's keys: `token`, `loggedUser` (the username), `userData` (the user as JSON). */
export async function storeSession(page: Page, token: string, user: { username: string }) {
  // Any page of the origin will do; the login screen clears storage on open, so use /test.
  await page.goto('/test');
  await page.evaluate(
    ([t, name, u]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('loggedUser', name);
      localStorage.setItem('userData', u);
    },
    [token, user.username, JSON.stringify(user)] as const,
  );
}
