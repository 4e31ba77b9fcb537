import { apiErrors, guestCredentials, uiMessages } from '@spotter/contract';
import { expect, test } from './support/fixtures';
import { toast } from './support/toasts';

/**
 * Login and logout where the browser is the point: real navigation, the real server's sessions, toasts
 * that close by themselves (a CSS animation jsdom does not run). The forms themselves, their messages
 * and errors, are jsdom tests beside them (apps/web/src/features/auth/routes/*.test.tsx; docs/testing.md).
 */

test.describe('where login leads', () => {
  test('a protected page sends an anonymous visitor to / and login returns them there', async ({ page }) => {
    await page.goto('/profilepage/maya_lifts');
    await expect(page).toHaveURL(/\/$/);
    await page.getByLabel('Username').fill(guestCredentials.username);
    await page.getByLabel('Password', { exact: true }).fill(guestCredentials.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/profilepage\/maya_lifts$/);
    await expect(page.getByRole('heading', { name: 'Maya Okafor' })).toBeVisible();
  });

  test('Logout ends the session on the server, clears storage and state and goes to /', async ({ page, signUp }) => {
    const { user, token } = await signUp();
    await page.goto('/explore');
    await expect(page.getByText(`@${user.username}`).first()).toBeVisible();
    const loggedOut = page.waitForResponse((res) => res.url().endsWith('/api/auth/logout'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
    expect((await loggedOut).status()).toBe(200);
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    // The old token is refused by the server too.
    const after = await page.request.get('/api/users/me', { headers: { authorization: token } });
    expect(after.status()).toBe(401);
    // The spec's message; the reason code (issue 47) says the session was ended.
    expect(await after.json()).toEqual({ errors: [apiErrors.invalidToken], reason: 'session_revoked' });
    // The next login is not sent back to the page the previous person logged out from.
    await page.getByRole('button', { name: 'Login as Guest' }).click();
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByText(`@${user.username}`)).toHaveCount(0);
  });
});

test('the toast sits top-right and closes by itself; the words beside a field stay after it', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const message = toast(page, uiMessages.fillAllFields);
  await expect(message).toBeVisible();
  await expect(page.locator('.Toastify__toast-container--top-right')).toBeVisible();
  // autoClose 2000 ms: the toast goes away without being touched.
  await expect(message).toBeHidden({ timeout: 8000 });

  // A taken username: SPEC's toast, and beside the field words that stay after the toast has gone.
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Nia');
  await page.getByLabel('Last name').fill('Row');
  await page.getByLabel('Username').fill(guestCredentials.username);
  await page.getByLabel('Password', { exact: true }).fill('erg-2k-in-7-minutes');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  const toastTaken = toast(page, uiMessages.userExists);
  await expect(toastTaken).toBeVisible();
  const taken = 'This username is taken: choose another, or log in if it is yours.';
  await expect(page.getByLabel('Username')).toHaveAccessibleDescription(taken);
  await expect(toastTaken).toBeHidden({ timeout: 8000 });
  await expect(page.getByText(taken)).toBeVisible();
});
