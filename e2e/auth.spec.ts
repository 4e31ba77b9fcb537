import { apiErrors, guestCredentials, uiMessages } from '@spotter/contract';
import { expect, test } from './support/fixtures';
import { toast } from './support/toasts';

test.describe('login screen', () => {
  test('names what is missing, field by field (SPEC §5)', async ({ page }) => {
    await page.goto('/');
    const login = page.getByRole('button', { name: 'Login', exact: true });
    await login.click();
    await expect(toast(page, uiMessages.fillAllFields)).toBeVisible();

    await page.getByLabel('Username').fill('maya_lifts');
    await login.click();
    await expect(toast(page, uiMessages.passwordEmpty)).toBeVisible();

    await page.getByLabel('Username').fill('');
    await page.getByLabel('Password', { exact: true }).fill('anything');
    await login.click();
    await expect(toast(page, uiMessages.usernameEmpty)).toBeVisible();
  });

  test('shows the server errors word for word on a failed login', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Username').fill('nobody_here_at_all');
    await page.getByLabel('Password', { exact: true }).fill('whatever');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(toast(page, apiErrors.usernameNotRegistered)).toBeVisible();

    await page.getByLabel('Username').fill(guestCredentials.username);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(toast(page, apiErrors.invalidCredentials)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the password can be shown and hidden', async ({ page }) => {
    await page.goto('/');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('Login as Guest fills in the demo account, logs in and goes to /landing', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Login as Guest' }).click();
    await expect(page).toHaveURL(/\/landing$/);
    await expect(toast(page, uiMessages.loggedIn)).toBeVisible();
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      loggedUser: localStorage.getItem('loggedUser'),
      userData: localStorage.getItem('userData'),
    }));
    expect(stored.token).toBeTruthy();
    expect(stored.loggedUser).toBe(guestCredentials.username);
    expect(JSON.parse(stored.userData ?? '{}').username).toBe(guestCredentials.username);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('the toast sits top-right and closes by itself', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const message = toast(page, uiMessages.fillAllFields);
    await expect(message).toBeVisible();
    await expect(page.locator('.Toastify__toast-container--top-right')).toBeVisible();
    // autoClose 2000 ms: the toast goes away without being touched.
    await expect(message).toBeHidden({ timeout: 8000 });
  });
});

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

  test('opening / clears the stored session', async ({ page, signUp }) => {
    await signUp();
    await page.goto('/explore');
    await expect(page).toHaveURL(/\/explore$/);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Login as Guest' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await page.goto('/explore');
    await expect(page).toHaveURL(/\/$/);
  });

  test('Logout clears storage and state and goes to /', async ({ page, signUp }) => {
    const { user } = await signUp();
    await page.goto('/explore');
    await expect(page.getByText(`@${user.username}`).first()).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    // The next login is not sent back to the page the previous person logged out from.
    await page.getByRole('button', { name: 'Login as Guest' }).click();
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByText(`@${user.username}`)).toHaveCount(0);
  });

  test('Logout ends the session on the server: the old token is refused there too', async ({ page, signUp }) => {
    const { token } = await signUp();
    await page.goto('/explore');
    const loggedOut = page.waitForResponse((res) => res.url().endsWith('/api/auth/logout'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
    expect((await loggedOut).status()).toBe(200);
    const after = await page.request.get('/api/users/me', { headers: { authorization: token } });
    expect(after.status()).toBe(401);
    expect(await after.json()).toEqual({ errors: [apiErrors.invalidToken] });
  });
});

test.describe('signup screen', () => {
  test('requires all four fields (SPEC §5)', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Squat');
    await page.getByLabel('Username').fill('ada_no_password');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(toast(page, uiMessages.fillAllFields)).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('signs up, welcomes the person to Spotter and opens the home feed', async ({ page }) => {
    const username = `ada${Date.now().toString(36)}`;
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Squat');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('front-squat-5x5');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/landing$/);
    const welcome = toast(page, uiMessages.signedUp);
    await expect(welcome).toBeVisible();
    await expect(welcome).toContainText(uiMessages.signupWelcome);
    await expect(welcome).toContainText('Spotter');
    const nav = page.getByRole('navigation', { name: 'Main' }).locator('..');
    await expect(nav.getByText(`@${username}`)).toBeVisible();
  });

  test('a taken username gets the invitation to log in', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Another');
    await page.getByLabel('Last name').fill('Guest');
    await page.getByLabel('Username').fill(guestCredentials.username);
    await page.getByLabel('Password', { exact: true }).fill('whatever-123');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(toast(page, uiMessages.userExists)).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('login and signup link to each other', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await page.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('a new member’s first minutes', () => {
  test('a refused signup’s toast does not follow the person into the app', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Nia');
    await page.getByLabel('Last name').fill('Row');
    await page.getByLabel('Username').fill(guestCredentials.username);
    await page.getByLabel('Password', { exact: true }).fill('erg-2k-in-7-minutes');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(toast(page, uiMessages.userExists)).toBeVisible();

    await page.getByLabel('Username').fill(`nia${Date.now().toString(36)}`);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/landing$/);
    await expect(toast(page, uiMessages.signedUp)).toBeVisible();
    await expect(toast(page, uiMessages.userExists)).toHaveCount(0);
  });

  test('a failed login’s toast does not follow the person into the app', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Username').fill(guestCredentials.username);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(toast(page, apiErrors.invalidCredentials)).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(guestCredentials.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/landing$/);
    await expect(toast(page, uiMessages.loggedIn)).toBeVisible();
    await expect(toast(page, apiErrors.invalidCredentials)).toHaveCount(0);
  });

  test('Login as Guest is offered when the server says it has a guest account, and only then', async ({ page }) => {
    // This server is seeded: it says so, and the button is there.
    const answer = await page.request.get('/api/auth/guest');
    expect(await answer.json()).toEqual({ guest: true });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Login as Guest' })).toBeVisible();

    // A server without one (SEED=false; its answer is held by the API test guest-account.test.ts).
    await page.route('**/api/auth/guest', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ guest: false }) }),
    );
    const answered = page.waitForResponse('**/api/auth/guest');
    await page.reload();
    await answered;
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login as Guest' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
  });
});

test.describe('errors beside the field', () => {
  test('signup names each missing field, shows the username rule up front, and keeps a refusal beside its field', async ({
    page,
  }) => {
    await page.goto('/signup');
    const username = page.getByLabel('Username');
    await expect(username).toHaveAccessibleDescription(/Letters, digits, _ and \. only/);

    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(toast(page, uiMessages.fillAllFields)).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveAccessibleDescription('Enter your first name.');
    await expect(page.getByLabel('Last name')).toHaveAccessibleDescription('Enter your last name.');
    await expect(username).toHaveAccessibleDescription('Choose a username.');
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('Choose a password.');

    // A field's words go when that field changes, and only then.
    await page.getByLabel('First name').fill('Nia');
    await expect(page.getByText('Enter your first name.')).toHaveCount(0);
    await expect(page.getByText('Enter your last name.')).toBeVisible();
    await page.getByLabel('Last name').fill('Row');
    await page.getByLabel('Password', { exact: true }).fill('erg-2k-in-7-minutes');

    // The username rule is explained before anything is sent, without the server's field path.
    const sent: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/auth/signup') sent.push(r.url());
    });
    await username.fill('nia row!');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(username).toHaveAccessibleDescription(/Use only letters, digits, _ and \. in a username/);
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
    await expect(page.getByText(/username: /)).toHaveCount(0);

    // A taken username: SPEC's toast, and beside the field words that stay after the toast has gone.
    await username.fill(guestCredentials.username);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const toastTaken = toast(page, uiMessages.userExists);
    await expect(toastTaken).toBeVisible();
    const taken = 'This username is taken: choose another, or log in if it is yours.';
    await expect(username).toHaveAccessibleDescription(taken);
    await expect(toastTaken).toBeHidden({ timeout: 8000 });
    await expect(page.getByText(taken)).toBeVisible();
    await username.fill(`nia${Date.now().toString(36)}`);
    await expect(page.getByText(taken)).toHaveCount(0);
  });

  test('login puts an unknown username and a wrong password beside their fields', async ({ page }) => {
    await page.goto('/');
    const username = page.getByLabel('Username');
    const password = page.getByLabel('Password', { exact: true });
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(username).toHaveAccessibleDescription('Enter your username.');
    await expect(password).toHaveAccessibleDescription('Enter your password.');

    await username.fill('nobody_here_at_all');
    await password.fill('whatever');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(username).toHaveAccessibleDescription(apiErrors.usernameNotRegistered);

    await username.fill(guestCredentials.username);
    await expect(page.getByText(apiErrors.usernameNotRegistered)).toHaveCount(0);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(password).toHaveAccessibleDescription(apiErrors.invalidCredentials);
    await expect(password).toHaveAttribute('aria-invalid', 'true');
  });
});
