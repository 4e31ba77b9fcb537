import { apiErrors, type Profile, routes, sessionKeys } from '@spotter/contract';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths';
import { clearSession, getSession } from '../../lib/session';
import { isCall, stubApi } from '../../testing/api-stub';
import { jsonResponse, renderRoutes } from '../../testing/render';
import { signInAs, testUser } from '../../testing/session';
import { AppLayout } from './app-layout';

/**
 * Issue 47, item 1: the own card at the bottom of the left navigation shows what the server says of
 * the person now, not the `userData` kept since login (the avatar was changed on another device).
 */
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const stored = testUser({
  _id: 'me',
  username: 'ada_lifts',
  firstname: 'Ada',
  lastname: 'Squat',
  avatarUrl: '/a/4.svg',
});
const profileNow = (avatarUrl: string): Profile => ({
  _id: 'me',
  username: 'ada_lifts',
  firstname: 'Ada',
  lastname: 'Squat',
  avatarUrl,
  bio: '',
  website: '',
  followerCount: 0,
  followingCount: 0,
  postCount: 0,
  followedByMe: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-02-01T00:00:00.000Z',
});

const screens: RouteObject[] = [
  { path: paths.login, element: <h1>Login screen</h1> },
  { Component: AppLayout, children: [{ path: paths.home, element: <h1>Home screen</h1> }] },
];

const ownCardImage = () =>
  screen
    .getByRole('link', { name: /@ada_lifts/ })
    .querySelector('img')
    ?.getAttribute('src');

describe("the own card's avatar", () => {
  it('is read from the server when the app starts, and again when its window regains focus', async () => {
    let avatar = '/a/6.svg';
    stubApi((call) => (isCall(call, routes.me) ? jsonResponse(200, { profile: profileNow(avatar) }) : undefined));
    signInAs(stored);
    renderRoutes(screens, paths.home);
    await waitFor(() => expect(ownCardImage()).toBe('/a/6.svg'));
    expect(JSON.parse(localStorage.getItem(sessionKeys.user) ?? '{}').avatarUrl).toBe('/a/6.svg');
    // Changed again on the phone; this tab comes back into focus.
    avatar = '/uploads/new-face.webp';
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(ownCardImage()).toBe('/uploads/new-face.webp'));
    expect(getSession()?.user.bookmarks).toEqual([]);
  });

  it('a session ended elsewhere is found at start: the person goes to the login screen', async () => {
    stubApi((call) =>
      isCall(call, routes.me)
        ? jsonResponse(401, { errors: [apiErrors.invalidToken], reason: 'password_changed' })
        : undefined,
    );
    signInAs(stored);
    renderRoutes(
      [
        { path: paths.login, element: <h1>Login screen</h1> },
        { Component: AppLayout, children: [{ path: paths.home, element: <h1>Home screen</h1> }] },
      ],
      paths.home,
    );
    await waitFor(() => expect(getSession()).toBeNull());
  });
});
