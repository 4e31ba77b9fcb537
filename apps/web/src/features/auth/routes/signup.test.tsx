import {
  apiErrors,
  defaultAvatarUrl,
  guestCredentials,
  routes,
  type SignupBody,
  sessionKeys,
  uiMessages,
} from '@spotter/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { clearSession } from '../../../lib/session';
import { isCall, stubApi } from '../../../testing/api-stub';
import { jsonResponse, renderRoutes } from '../../../testing/render';
import { accessibleDescription, shownToasts, waitForToast } from '../../../testing/screen-facts';
import { testUser } from '../../../testing/session';
import { ProtectedRoute } from '../index';
import { SignupRoute } from './signup';

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const screens: RouteObject[] = [
  { path: paths.signup, Component: SignupRoute },
  { element: <ProtectedRoute />, children: [{ path: paths.home, element: <h1>Home feed</h1> }] },
];

/** The server's answers (apps/server/tests/auth.test.ts): the guest's name is taken, any other is free. */
function stubServer() {
  return stubApi((call) => {
    if (!isCall(call, routes.signup)) return undefined;
    const body = call.body as SignupBody;
    if (body.username.toLowerCase() === guestCredentials.username) {
      return jsonResponse(422, { errors: [apiErrors.usernameExists] });
    }
    const createdUser = testUser({ _id: 'new-id', username: body.username, firstname: body.firstname });
    return jsonResponse(201, { createdUser, encodedToken: 'new-token' });
  });
}

const signups = (calls: ReturnType<typeof stubServer>) => calls.filter((call) => isCall(call, routes.signup));
const field = (label: string) => screen.getByLabelText(label);
const signUpButton = () => screen.getByRole('button', { name: 'Sign Up' });

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(label));
    await user.type(field(label), value);
  }
}

describe('signup screen', () => {
  it('requires all four fields (SPEC §5)', async () => {
    const calls = stubServer();
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(screens, paths.signup);
    await fill(user, { 'First name': 'Ada', 'Last name': 'Squat', Username: 'ada_no_password' });
    await user.click(signUpButton());
    await waitForToast(uiMessages.fillAllFields);
    expect(router.state.location.pathname).toBe(paths.signup);
    expect(signups(calls)).toEqual([]);
  });

  it('signs up, welcomes the person to Spotter and opens the home feed', async () => {
    const calls = stubServer();
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(screens, paths.signup);
    await fill(user, { 'First name': 'Ada', 'Last name': 'Squat', Username: 'ada_lifts', Password: 'front-squat-5x5' });
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field('Password').getAttribute('type')).toBe('text');
    await user.click(signUpButton());
    expect(await screen.findByRole('heading', { name: 'Home feed' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.home);
    // SPEC §7: the four fields and the fixed default avatar.
    expect(signups(calls).map((call) => call.body)).toEqual([
      {
        firstname: 'Ada',
        lastname: 'Squat',
        username: 'ada_lifts',
        password: 'front-squat-5x5',
        avatarUrl: defaultAvatarUrl,
      },
    ]);
    await waitForToast(uiMessages.signedUp);
    const [welcome] = shownToasts();
    expect(welcome).toContain(uiMessages.signupWelcome);
    expect(welcome).toContain('Spotter');
    // Signed in as the new person: the frame names them from here (app/layout/app-layout.test.tsx).
    expect(localStorage.getItem(sessionKeys.username)).toBe('ada_lifts');
    expect(localStorage.getItem(sessionKeys.token)).toBe('new-token');
  });

  it('a taken username gets the invitation to log in', async () => {
    stubServer();
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(screens, paths.signup);
    await fill(user, {
      'First name': 'Another',
      'Last name': 'Guest',
      Username: guestCredentials.username,
      Password: 'whatever-123',
    });
    await user.click(signUpButton());
    await waitForToast(uiMessages.userExists);
    expect(router.state.location.pathname).toBe(paths.signup);
  });
});

describe('a new member’s first minutes', () => {
  it('a refused signup’s toast does not follow the person into the app', async () => {
    stubServer();
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(screens, paths.signup);
    await fill(user, {
      'First name': 'Nia',
      'Last name': 'Row',
      Username: guestCredentials.username,
      Password: 'erg-2k-in-7-minutes',
    });
    await user.click(signUpButton());
    await waitForToast(uiMessages.userExists);

    await fill(user, { Username: 'nia_rows' });
    await user.click(signUpButton());
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.home));
    await waitForToast(uiMessages.signedUp);
    expect(shownToasts().filter((shown) => shown.includes(uiMessages.userExists))).toEqual([]);
  });
});

describe('errors beside the field', () => {
  it('signup names each missing field, shows the username rule up front, and keeps a refusal beside its field', async () => {
    const calls = stubServer();
    const user = userEvent.setup({ delay: null });
    renderRoutes(screens, paths.signup);
    expect(accessibleDescription(field('Username'))).toMatch(/Letters, digits, _ and \. only/);

    await user.click(signUpButton());
    await waitForToast(uiMessages.fillAllFields);
    expect(accessibleDescription(field('First name'))).toBe('Enter your first name.');
    expect(accessibleDescription(field('Last name'))).toBe('Enter your last name.');
    expect(accessibleDescription(field('Username'))).toBe('Choose a username.');
    expect(accessibleDescription(field('Password'))).toBe('Choose a password.');

    // A field's words go when that field changes, and only then.
    await fill(user, { 'First name': 'Nia' });
    expect(screen.queryByText('Enter your first name.')).toBeNull();
    expect(screen.getByText('Enter your last name.')).toBeTruthy();
    await fill(user, { 'Last name': 'Row', Password: 'erg-2k-in-7-minutes' });

    // The username rule is explained before anything is sent, without the server's field path.
    await fill(user, { Username: 'nia row!' });
    await user.click(signUpButton());
    await waitFor(() =>
      expect(accessibleDescription(field('Username'))).toMatch(/Use only letters, digits, _ and \. in a username/),
    );
    expect(field('Username').getAttribute('aria-invalid')).toBe('true');
    expect(signups(calls)).toEqual([]);
    expect(screen.queryByText(/username: /)).toBeNull();

    // A taken username: SPEC's toast, and beside the field words of its own (they stay once the toast
    // has gone: e2e/auth.spec.ts, where toasts close by themselves).
    await fill(user, { Username: guestCredentials.username });
    await user.click(signUpButton());
    await waitForToast(uiMessages.userExists);
    const taken = 'This username is taken: choose another, or log in if it is yours.';
    expect(accessibleDescription(field('Username'))).toBe(taken);
    await fill(user, { Username: 'nia_rows' });
    expect(screen.queryByText(taken)).toBeNull();
  });
});
