import { apiErrors, guestCredentials, type LoginBody, routes, sessionKeys, uiMessages } from '@spotter/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { clearSession } from '../../../lib/session';
import { isCall, stubApi } from '../../../testing/api-stub';
import { jsonResponse, renderRoutes } from '../../../testing/render';
import { accessibleDescription, shownToasts, waitForToast } from '../../../testing/screen-facts';
import { signInAs, testUser } from '../../../testing/session';
import { ProtectedRoute } from '../index';
import { LoginRoute } from './login';
import { SignupRoute } from './signup';

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const guest = testUser({ _id: 'guest-id', username: guestCredentials.username, firstname: 'Guest' });

/** The login and signup screens, and stand-ins for the screens behind login. */
const screens: RouteObject[] = [
  { path: paths.login, Component: LoginRoute },
  { path: paths.signup, Component: SignupRoute },
  {
    element: <ProtectedRoute />,
    children: [
      { path: paths.home, element: <h1>Home feed</h1> },
      { path: paths.explore, element: <h1>Explore feed</h1> },
      { path: paths.profilePattern, element: <h1>A profile</h1> },
      { path: paths.oauthAuthorize, element: <h1>Authorize an app</h1> },
    ],
  },
];

/** The server's answers (apps/server/tests/auth.test.ts holds them): the seeded guest, and nobody else. */
function stubServer({ hasGuest = true } = {}) {
  return stubApi((call) => {
    if (isCall(call, routes.guestAccount)) return jsonResponse(200, { guest: hasGuest });
    if (isCall(call, routes.login)) {
      const { username, password } = call.body as LoginBody;
      if (username !== guestCredentials.username) {
        return jsonResponse(404, { errors: [apiErrors.usernameNotRegistered] });
      }
      if (password !== guestCredentials.password) return jsonResponse(401, { errors: [apiErrors.invalidCredentials] });
      return jsonResponse(200, { foundUser: guest, encodedToken: 'guest-token' });
    }
    return undefined;
  });
}

const logins = (calls: ReturnType<typeof stubServer>) => calls.filter((call) => isCall(call, routes.login));
const usernameBox = () => screen.getByLabelText('Username');
const passwordBox = () => screen.getByLabelText('Password');
const loginButton = () => screen.getByRole('button', { name: 'Login' });

describe('login screen', () => {
  it('names what is missing, field by field (SPEC §5)', async () => {
    const calls = stubServer();
    const user = userEvent.setup({ delay: null });
    renderRoutes(screens, paths.login);
    await user.click(loginButton());
    await waitForToast(uiMessages.fillAllFields);

    await user.type(usernameBox(), 'maya_lifts');
    await user.click(loginButton());
    await waitForToast(uiMessages.passwordEmpty);

    await user.clear(usernameBox());
    await user.type(passwordBox(), 'anything');
    await user.click(loginButton());
    await waitForToast(uiMessages.usernameEmpty);
    expect(logins(calls)).toEqual([]);
  });

  it('shows the server errors word for word on a failed login', async () => {
    stubServer();
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(screens, paths.login);
    await user.type(usernameBox(), 'nobody_here_at_all');
    await user.type(passwordBox(), 'whatever');
    await user.click(loginButton());
    await waitForToast(apiErrors.usernameNotRegistered);

    await user.clear(usernameBox());
    await user.type(usernameBox(), guestCredentials.username);
    await user.clear(passwordBox());
    await user.type(passwordBox(), 'not-the-password');
    await user.click(loginButton());
    await waitForToast(apiErrors.invalidCredentials);
    expect(router.state.location.pathname).toBe(paths.login);
  });

  it('the password can be shown and hidden', async () => {
    stubServer();
    const user = userEvent.setup({ delay: null });
    renderRoutes(screens, paths.login);
    await user.type(passwordBox(), 'secret');
    expect(passwordBox().getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(passwordBox().getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(passwordBox().getAttribute('type')).toBe('password');
  });

  it('Login as Guest fills in the demo account, logs in and goes to /landing', async () => {
    const calls = stubServer();
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(screens, paths.login);
    await user.click(await screen.findByRole('button', { name: 'Login as Guest' }));
    expect(await screen.findByRole('heading', { name: 'Home feed' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.home);
    expect(logins(calls).map((call) => call.body)).toEqual([guestCredentials]);
    await waitForToast(uiMessages.loggedIn);
    // SPEC §3's keys: the token, the username and the user.
    expect(localStorage.getItem(sessionKeys.token)).toBe('guest-token');
    expect(localStorage.getItem(sessionKeys.username)).toBe(guestCredentials.username);
    expect(JSON.parse(localStorage.getItem(sessionKeys.user) ?? '{}').username).toBe(guestCredentials.username);
  });
});

describe('where login leads', () => {
  it('an app’s authorization request (issue 50) meets the login first and comes back whole', async () => {
    stubServer();
    const user = userEvent.setup({ delay: null });
    const request = `${paths.oauthAuthorize}?client_id=abc&redirect_uri=urn%3Aietf%3Awg%3Aoauth%3A2.0%3Aoob&scope=read`;
    const { router } = renderRoutes(screens, request);
    await user.click(await screen.findByRole('button', { name: 'Login as Guest' }));
    expect(await screen.findByRole('heading', { name: 'Authorize an app' })).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(request);
  });

  it('opening / clears the stored session', async () => {
    stubServer();
    signInAs(testUser());
    const { router } = renderRoutes(screens, paths.explore);
    expect(screen.getByRole('heading', { name: 'Explore feed' })).toBeTruthy();

    await router.navigate(paths.login);
    expect(await screen.findByRole('button', { name: 'Login as Guest' })).toBeTruthy();
    expect(localStorage.length).toBe(0);
    await router.navigate(paths.explore);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
  });

  it('login and signup link to each other', async () => {
    stubServer();
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(screens, paths.login);
    await user.click(screen.getByRole('link', { name: 'Create an account' }));
    expect(router.state.location.pathname).toBe(paths.signup);
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(router.state.location.pathname).toBe(paths.login);
  });
});

describe('a new member’s first minutes', () => {
  it('a failed login’s toast does not follow the person into the app', async () => {
    stubServer();
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(screens, paths.login);
    await user.type(usernameBox(), guestCredentials.username);
    await user.type(passwordBox(), 'not-the-password');
    await user.click(loginButton());
    await waitForToast(apiErrors.invalidCredentials);

    await user.clear(passwordBox());
    await user.type(passwordBox(), guestCredentials.password);
    await user.click(loginButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.home));
    await waitForToast(uiMessages.loggedIn);
    expect(shownToasts()).toEqual([uiMessages.loggedIn]);
  });

  it('Login as Guest is offered when the server says it has a guest account, and only then', async () => {
    stubServer({ hasGuest: true });
    renderRoutes(screens, paths.login);
    expect(await screen.findByRole('button', { name: 'Login as Guest' })).toBeTruthy();
    cleanup();

    // A server without one (SEED=false; its answer is held by the API test guest-account.test.ts).
    const calls = stubServer({ hasGuest: false });
    renderRoutes(screens, paths.login);
    await waitFor(() => expect(calls.filter((call) => isCall(call, routes.guestAccount))).toHaveLength(1));
    await waitFor(() => expect(loginButton()).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Login as Guest' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Create an account' })).toBeTruthy();
  });
});

describe('errors beside the field', () => {
  it('login puts an unknown username and a wrong password beside their fields', async () => {
    stubServer();
    const user = userEvent.setup({ delay: null });
    renderRoutes(screens, paths.login);
    await user.click(loginButton());
    expect(accessibleDescription(usernameBox())).toBe('Enter your username.');
    expect(accessibleDescription(passwordBox())).toBe('Enter your password.');

    await user.type(usernameBox(), 'nobody_here_at_all');
    await user.type(passwordBox(), 'whatever');
    await user.click(loginButton());
    await waitFor(() => expect(accessibleDescription(usernameBox())).toBe(apiErrors.usernameNotRegistered));

    await user.clear(usernameBox());
    await user.type(usernameBox(), guestCredentials.username);
    expect(screen.queryByText(apiErrors.usernameNotRegistered, { ignore: '.Toastify *' })).toBeNull();
    await user.click(loginButton());
    await waitFor(() => expect(accessibleDescription(passwordBox())).toBe(apiErrors.invalidCredentials));
    expect(passwordBox().getAttribute('aria-invalid')).toBe('true');
  });
});
