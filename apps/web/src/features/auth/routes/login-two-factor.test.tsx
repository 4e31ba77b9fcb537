import {
  apiErrors,
  type LoginBody,
  routes,
  sessionKeys,
  twoFactorErrors,
  twoFactorTexts,
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
import { accessibleDescription, waitForToast } from '../../../testing/screen-facts';
import { testUser } from '../../../testing/session';
import { ProtectedRoute } from '../index';
import { LoginRoute } from './login';

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const screens: RouteObject[] = [
  { path: paths.login, Component: LoginRoute },
  { element: <ProtectedRoute />, children: [{ path: paths.home, element: <h1>Home feed</h1> }] },
];

const maya = testUser({ username: 'maya_lifts' });
const password = 'maya-real-password';
const goodCode = '287082';
const recoveryCode = 'abcd-efgh-ijkl-mnop';

/** The server's answers for an account with two-factor sign-in on (apps/server/tests/two-factor.test.ts holds them). */
function stubServer() {
  return stubApi((call) => {
    if (isCall(call, routes.guestAccount)) return jsonResponse(200, { guest: false });
    if (!isCall(call, routes.login)) return undefined;
    const body = call.body as LoginBody;
    if (body.password !== password) return jsonResponse(401, { errors: [apiErrors.invalidCredentials] });
    if (body.code === undefined) {
      return jsonResponse(401, { errors: [twoFactorErrors.codeRequired], twoFactorRequired: true });
    }
    if (body.code !== goodCode && body.code !== recoveryCode) {
      return jsonResponse(401, { errors: [twoFactorErrors.codeWrong], twoFactorRequired: true });
    }
    return jsonResponse(200, { foundUser: maya, encodedToken: 'maya-token' });
  });
}

const logins = (calls: ReturnType<typeof stubServer>) =>
  calls.filter((call) => isCall(call, routes.login)).map((call) => call.body);
const codeBox = () => screen.getByLabelText(twoFactorTexts.loginCodeLabel);

async function passPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Username'), 'maya_lifts');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return screen.findByLabelText(twoFactorTexts.loginCodeLabel);
}

describe('the login screen’s code step (two-factor sign-in)', () => {
  it('asks for the code when the server does, then logs in with it', async () => {
    const calls = stubServer();
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(screens, paths.login);
    const box = await passPassword(user);
    // What the server said, not an error: nothing is wrong yet.
    expect(screen.getByText(twoFactorErrors.codeRequired)).toBeTruthy();
    expect(box.getAttribute('autocomplete')).toBe('one-time-code');
    expect(document.activeElement).toBe(box);
    expect(localStorage.getItem(sessionKeys.token)).toBeNull();

    await user.type(box, goodCode);
    await user.click(screen.getByRole('button', { name: twoFactorTexts.verify }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.home));
    await waitForToast(uiMessages.loggedIn);
    expect(localStorage.getItem(sessionKeys.token)).toBe('maya-token');
    expect(logins(calls)).toEqual([
      { username: 'maya_lifts', password },
      { username: 'maya_lifts', password, code: goodCode },
    ]);
  });

  it('a wrong code is said beside the field and the step stays; a recovery code works too', async () => {
    const calls = stubServer();
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(screens, paths.login);
    await passPassword(user);
    await user.click(screen.getByRole('button', { name: twoFactorTexts.verify }));
    expect(accessibleDescription(codeBox())).toBe(twoFactorTexts.enterCode);
    expect(logins(calls)).toHaveLength(1);

    await user.type(codeBox(), '000000');
    await user.click(screen.getByRole('button', { name: twoFactorTexts.verify }));
    await waitForToast(twoFactorErrors.codeWrong);
    await waitFor(() => expect(accessibleDescription(codeBox())).toBe(twoFactorErrors.codeWrong));
    expect((codeBox() as HTMLInputElement).value).toBe('');
    expect(router.state.location.pathname).toBe(paths.login);

    await user.type(codeBox(), ` ${recoveryCode} `);
    await user.click(screen.getByRole('button', { name: twoFactorTexts.verify }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.home));
    expect(logins(calls).at(-1)).toEqual({ username: 'maya_lifts', password, code: recoveryCode });
  });

  it('Back returns to the form as it was', async () => {
    stubServer();
    const user = userEvent.setup({ delay: null });
    renderRoutes(screens, paths.login);
    await passPassword(user);
    await user.click(screen.getByRole('button', { name: twoFactorTexts.back }));
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('maya_lifts');
    expect(screen.queryByLabelText(twoFactorTexts.loginCodeLabel)).toBeNull();
  });

  it('a wrong password is answered as before, with no code step', async () => {
    stubServer();
    const user = userEvent.setup({ delay: null });
    renderRoutes(screens, paths.login);
    await user.type(screen.getByLabelText('Username'), 'maya_lifts');
    await user.type(screen.getByLabelText('Password'), 'not-it');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitForToast(apiErrors.invalidCredentials);
    expect(screen.queryByLabelText(twoFactorTexts.loginCodeLabel)).toBeNull();
  });
});
