import { apiErrors, routes, signedOutMessages } from '@spotter/contract';
import { useQuery } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { call } from '../../../lib/api-client';
import { clearSession, getSession } from '../../../lib/session';
import { isCall, stubApi } from '../../../testing/api-stub';
import { jsonResponse, renderRoutes } from '../../../testing/render';
import { signInAs, testUser } from '../../../testing/session';
import { ProtectedRoute } from '../index';
import { LoginRoute } from './login';

/**
 * Issue 47, item 3: signed out on this device because of something done on another (a password
 * change, "log out everywhere"...), the person lands on the login screen told why.
 */
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

/** A screen behind login that asks the server who is signed in, as every screen does. */
function Home() {
  const me = useQuery({ queryKey: ['me'], queryFn: () => call(routes.me), retry: false });
  return <h1>{me.data ? 'Home feed' : 'Loading'}</h1>;
}

const screens: RouteObject[] = [
  { path: paths.login, Component: LoginRoute },
  { element: <ProtectedRoute />, children: [{ path: paths.home, Component: Home }] },
];

function answerMe(status: number, body: unknown) {
  stubApi((sent) => {
    if (isCall(sent, routes.guestAccount)) return jsonResponse(200, { guest: false });
    if (isCall(sent, routes.me)) return jsonResponse(status, body);
    return undefined;
  });
}

describe('signed out by the server', () => {
  it.each(Object.entries(signedOutMessages))('%s: the login screen says why', async (reason, sentence) => {
    signInAs(testUser());
    answerMe(401, { errors: [apiErrors.invalidToken], reason });
    renderRoutes(screens, paths.home);
    const notice = await screen.findByText(sentence);
    expect(notice.getAttribute('role')).toBe('status');
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(getSession()).toBeNull();
  });

  it('a 401 without a reason (a forged or unknown token) shows the login screen with no sentence', async () => {
    signInAs(testUser());
    answerMe(401, { errors: [apiErrors.invalidToken], reason: 'made_up' });
    renderRoutes(screens, paths.home);
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    for (const sentence of Object.values(signedOutMessages)) expect(screen.queryByText(sentence)).toBeNull();
  });
});
