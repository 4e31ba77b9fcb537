import { routes, type UserSummary } from '@spotter/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths';
import { Suggestions } from '../../features/users';
import { clearSession } from '../../lib/session';
import { isCall, stubApi } from '../../testing/api-stub';
import { jsonResponse, renderRoutes } from '../../testing/render';
import { signInAs, testUser } from '../../testing/session';
import { AppLayout } from './app-layout';

/**
 * The signed-in frame's DOM and ARIA facts. Which parts show at which width (media queries) is the
 * browser's: e2e/layout.spec.ts.
 */

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const me = testUser({ _id: 'me', username: 'ada_lifts', firstname: 'Ada', lastname: 'Squat', avatarUrl: '/a/4.svg' });
const people: UserSummary[] = [
  { _id: 'u1', username: 'trailtom', firstname: 'Tom', lastname: 'Trail', avatarUrl: '' },
  { _id: 'u2', username: 'maya_lifts', firstname: 'Maya', lastname: 'Okafor', avatarUrl: '' },
];

/** A stand-in screen per place of the navigation, each naming itself. */
const place = (name: string) => ({ element: <h1>{name} screen</h1> });
const screens: RouteObject[] = [
  { path: paths.login, ...place('Login') },
  {
    Component: AppLayout,
    children: [
      { path: paths.home, ...place('Home') },
      { path: paths.explore, ...place('Explore') },
      { path: paths.likedPosts, ...place('Liked posts') },
      { path: paths.bookmarks, ...place('Bookmarks') },
      { path: paths.logWorkout, ...place('Log workout') },
      { path: paths.profilePattern, ...place('Profile') },
      { path: paths.notifications, ...place('Notifications') },
      { path: paths.settings, ...place('Settings') },
      // A page that lists suggested people itself, as the empty home feed does.
      { path: '/empty-feed', element: <Suggestions title="People to follow" placement="page" /> },
    ],
  },
];

/** People search and suggestions answered; everything else (bell, tags, role) as a server without them. */
function stubServer() {
  return stubApi((call) => {
    if (isCall(call, routes.suggestions)) return jsonResponse(200, { users: people });
    if (isCall(call, routes.searchUsers)) {
      const q = call.query.get('q')?.toLowerCase() ?? '';
      return jsonResponse(200, { users: people.filter((person) => person.username.includes(q)) });
    }
    return undefined;
  });
}

function renderFrame(path: string = paths.home) {
  stubServer();
  signInAs(me);
  return { user: userEvent.setup({ delay: null }), ...renderRoutes(screens, path) };
}

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe('the signed-in frame', () => {
  it('names the signed-in person beside the navigation, New Post and Logout', () => {
    renderFrame();
    for (const name of ['Home', 'Explore', 'Liked posts', 'Bookmarks', 'Profile']) {
      expect(within(mainNav()).getByRole('link', { name })).toBeTruthy();
    }
    expect(within(mainNav()).getByRole('button', { name: 'Logout' })).toBeTruthy();
    const meLink = screen.getByRole('link', { name: /@ada_lifts/ });
    expect(meLink.textContent).toContain('Ada Squat');
    expect(meLink.getAttribute('href')).toBe(paths.profile('ada_lifts'));
    expect(meLink.querySelector('img')?.getAttribute('src')).toBe('/a/4.svg');
    const sidebar = screen.getByRole('complementary', { name: 'People' });
    expect(within(sidebar).getByPlaceholderText('Search users...')).toBeTruthy();
    expect(within(sidebar).getByRole('heading', { name: 'You might Like' })).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('each navigation entry opens its page', async () => {
    const { user, router } = renderFrame();
    const expected: [string, string][] = [
      ['Explore', paths.explore],
      ['Liked posts', paths.likedPosts],
      ['Bookmarks', paths.bookmarks],
      ['Profile', paths.profile('ada_lifts')],
      ['Home', paths.home],
    ];
    for (const [name, path] of expected) {
      await user.click(within(mainNav()).getByRole('link', { name }));
      expect(router.state.location.pathname).toBe(path);
      expect(await screen.findByRole('heading', { name: `${name} screen` })).toBeTruthy();
      expect(within(mainNav()).getByRole('link', { name }).getAttribute('aria-current')).toBe('page');
    }
  });

  it("'New Post' opens the composer dialog; Escape closes it", async () => {
    const { user } = renderFrame(paths.explore);
    // The side navigation's button (the phone tab bar has its own, shown at phone width only).
    const [sideNavButton] = screen.getAllByRole('button', { name: 'New Post' });
    await user.click(sideNavButton as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'New Post' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('people search and suggestions open from the top bar; a result opens the profile and closes them', async () => {
    const { user, router } = renderFrame();
    await user.click(screen.getByRole('button', { name: 'Search users' }));
    const dialog = screen.getByRole('dialog', { name: 'People' });
    expect(within(dialog).getByRole('heading', { name: 'You might Like' })).toBeTruthy();
    await user.type(within(dialog).getByPlaceholderText('Search users...'), 'trail');
    const result = await within(within(dialog).getByRole('region', { name: 'Search users' })).findByRole('link', {
      name: /@trailtom/,
    });
    await user.click(result);
    expect(router.state.location.pathname).toBe(paths.profile('trailtom'));
    expect(await screen.findByRole('heading', { name: 'Profile screen' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'People' })).toBeNull());
  });

  it('the phone tab bar has five places and More; More holds the rest, and Logout apart from Settings', async () => {
    const { user, router } = renderFrame();
    const tabs = screen.getByRole('navigation', { name: 'Tabs' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(['Home', 'Explore', 'Log workout', 'Notifications', 'Profile']);
    // The labels shown are whole words, each the place's name or the start of it.
    expect(
      within(tabs)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Home', 'Explore', 'Log', 'Alerts', 'Profile', 'More']);
    // Settings and Logout are no longer side by side in the top bar.
    const topBar = screen.getByRole('banner');
    expect(within(topBar).queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(within(topBar).queryByRole('link', { name: 'Settings' })).toBeNull();
    expect(within(topBar).getByRole('button', { name: 'New Post' })).toBeTruthy();

    const more = within(tabs).getByRole('button', { name: 'More' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await user.click(more);
    const sheet = screen.getByRole('dialog', { name: 'More' });
    expect(more.getAttribute('aria-expanded')).toBe('true');
    const places = within(sheet).getByRole('navigation', { name: 'More' });
    expect(
      within(places)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Liked posts', 'Bookmarks', 'Settings']);
    // Logout is not one of the places: it stands after them, outside their list.
    const logout = within(sheet).getByRole('button', { name: 'Logout' });
    expect(places.contains(logout)).toBe(false);

    await user.click(within(places).getByRole('link', { name: 'Bookmarks' }));
    expect(router.state.location.pathname).toBe(paths.bookmarks);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'More' })).toBeNull());
    await user.click(more);
    await user.click(within(screen.getByRole('dialog', { name: 'More' })).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
  });

  it('suggested people appear once: the people dialog leaves them out while the page lists them', async () => {
    const { user } = renderFrame('/empty-feed');
    expect(await screen.findByRole('heading', { name: 'People to follow' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Search users' }));
    const dialog = screen.getByRole('dialog', { name: 'People' });
    expect(within(dialog).getByPlaceholderText('Search users...')).toBeTruthy();
    expect(within(dialog).queryByRole('heading', { name: 'You might Like' })).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'People' })).toBeNull());
    // On a page without its own list, the dialog has them.
    await user.click(within(mainNav()).getByRole('link', { name: 'Explore' }));
    expect(await screen.findByRole('heading', { name: 'Explore screen' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Search users' }));
    expect(
      within(screen.getByRole('dialog', { name: 'People' })).getByRole('heading', { name: 'You might Like' }),
    ).toBeTruthy();
  });
});
