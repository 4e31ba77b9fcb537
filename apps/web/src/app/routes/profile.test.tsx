import { apiErrors, type EditProfileBody, type Profile, routes, uiMessages } from '@spotter/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths';
import { clearSession } from '../../lib/session';
import { isCall, type SentCall, stubApi } from '../../testing/api-stub';
import { jsonResponse, renderRoutes } from '../../testing/render';
import { accessibleDescription, waitForToast } from '../../testing/screen-facts';
import { signInAs, testUser } from '../../testing/session';
import { ProfileRoute } from './profile';

/** The profile screen's header, its Edit Profile dialog and a missing person, against a stand-in server. */

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const profileOf = (fields: Partial<Profile>): Profile => ({
  _id: 'u2',
  username: 'coach_dan',
  firstname: 'Dan',
  lastname: 'Whitaker',
  avatarUrl: '',
  bio: '',
  website: '',
  followerCount: 12,
  followingCount: 3,
  postCount: 4,
  followedByMe: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});
const me = testUser({ _id: 'me', username: 'ada_lifts', firstname: 'Ada', lastname: 'Squat' });
const myProfile = profileOf({ _id: me._id, username: me.username, firstname: 'Ada', lastname: 'Squat' });

const screens: RouteObject[] = [{ path: paths.profilePattern, Component: ProfileRoute }];

/**
 * The profiles it knows (anyone else is not found); their posts, none; a follow answered
 * `followStatus`; an edit of mine kept and answered as the server does.
 */
function stubServer(profiles: Profile[], followStatus = 500) {
  const known = new Map(profiles.map((profile) => [profile.username, profile]));
  return stubApi((call: SentCall) => {
    if (isCall(call, routes.profile)) {
      const profile = known.get(decodeURIComponent(call.path.split('/').at(-1) ?? ''));
      return profile ? jsonResponse(200, { profile }) : jsonResponse(404, { errors: [apiErrors.userNotFound] });
    }
    if (isCall(call, routes.postsByUser)) return jsonResponse(200, { posts: [], nextCursor: null });
    if (isCall(call, routes.followUser)) return jsonResponse(followStatus, { errors: ['Internal server error'] });
    if (isCall(call, routes.editProfile)) {
      const { userData } = call.body as EditProfileBody;
      const profile = { ...(known.get(me.username) as Profile), ...userData };
      known.set(me.username, profile);
      return jsonResponse(201, { profile });
    }
    return undefined;
  });
}

const header = () => screen.getByRole('banner');
const followers = () => within(header()).getByRole('link', { name: /followers$/ });

async function openProfile(username: string, profiles: Profile[]) {
  const calls = stubServer(profiles);
  signInAs(me);
  renderRoutes(screens, paths.profile(username));
  return { calls, user: userEvent.setup({ delay: null }) };
}

describe('a profile', () => {
  it('a follow the server refuses is rolled back with an error toast', async () => {
    const { user } = await openProfile('coach_dan', [profileOf({})]);
    const follow = await screen.findByRole('button', { name: 'Follow' });
    expect(followers().textContent).toBe('12');
    await user.click(follow);
    await waitForToast('Internal server error');
    expect(screen.getByRole('button', { name: 'Follow' })).toBeTruthy();
    expect(followers().textContent).toBe('12');
  });

  it('Edit Profile: X closes without saving, Escape too, and focus stays inside while open', async () => {
    const { user, calls } = await openProfile(me.username, [myProfile]);
    const open = await screen.findByRole('button', { name: 'Edit Profile' });
    await user.click(open);
    let dialog = screen.getByRole('dialog', { name: 'Edit Profile' });
    await user.type(within(dialog).getByLabelText('Bio'), 'never saved');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(header().textContent).not.toContain('never saved');

    await user.click(open);
    dialog = screen.getByRole('dialog', { name: 'Edit Profile' });
    expect((within(dialog).getByLabelText('Bio') as HTMLTextAreaElement).value).toBe('');
    for (let i = 0; i < 20; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
    expect(calls.filter((call) => isCall(call, routes.editProfile))).toEqual([]);
  });

  it('a website without https:// is taken as one; one that is no web address is refused beside the field', async () => {
    const { user, calls } = await openProfile(me.username, [myProfile]);
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Profile' });
    const website = within(dialog).getByLabelText('Website');
    expect(accessibleDescription(website)).toMatch(/example\.com\/maya/);
    const edits = () => calls.filter((call) => isCall(call, routes.editProfile));

    await user.type(website, 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    const problem = 'This is not a web address: type one like example.com/maya.';
    expect(within(dialog).getByText(problem)).toBeTruthy();
    expect(website.getAttribute('aria-invalid')).toBe('true');
    expect(accessibleDescription(website)).toBe(problem);
    // It stays (no toast to miss), and sends nothing, until the field changes: past a toast's life.
    vi.useFakeTimers();
    vi.advanceTimersByTime(3000);
    vi.useRealTimers();
    expect(within(dialog).getByText(problem)).toBeTruthy();
    expect(edits()).toEqual([]);

    await user.clear(website);
    await user.type(website, 'example.com/maya');
    expect(within(dialog).queryByText(problem)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitForToast(uiMessages.updated);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const link = await within(header()).findByRole('link', { name: 'example.com/maya' });
    expect(link.getAttribute('href')).toBe('https://example.com/maya');
    expect(edits().map((call) => (call.body as EditProfileBody).userData?.website)).toEqual([
      'https://example.com/maya',
    ]);
  });

  it('an unknown username says so', async () => {
    await openProfile('nobody_by_that_name', []);
    expect(await screen.findByRole('heading', { name: 'No such athlete' })).toBeTruthy();
  });

  it('each tab has its own address, so Back returns to it; the follow lists keep theirs', async () => {
    stubServer([profileOf({})]);
    signInAs(me);
    // The router's shape (app/router.tsx): the tabs are addresses under the one profile screen.
    const { router } = renderRoutes(
      [
        {
          path: paths.profilePattern,
          Component: ProfileRoute,
          children: [{ index: true }, { path: 'workouts' }, { path: 'records' }],
        },
        { path: paths.followListPattern, element: <h1>Follow list</h1> },
      ],
      paths.profileTab('coach_dan', 'records'),
    );
    const user = userEvent.setup({ delay: null });
    const tab = (name: string) => screen.getByRole('tab', { name });
    await screen.findByRole('heading', { name: 'Dan Whitaker' });
    expect(tab('Records').getAttribute('aria-selected')).toBe('true');
    expect(tab('Posts').getAttribute('href')).toBe('/profilepage/coach_dan');
    expect(tab('Workouts').getAttribute('href')).toBe('/profilepage/coach_dan/workouts');

    await user.click(tab('Workouts'));
    expect(router.state.location.pathname).toBe('/profilepage/coach_dan/workouts');
    expect(tab('Workouts').getAttribute('aria-selected')).toBe('true');
    await user.click(tab('Posts'));
    expect(router.state.location.pathname).toBe('/profilepage/coach_dan');
    expect(tab('Posts').getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('@coach_dan has not posted yet.')).toBeTruthy();

    await router.navigate(-1);
    await waitFor(() => expect(tab('Workouts').getAttribute('aria-selected')).toBe('true'));
    await router.navigate(-1);
    await waitFor(() => expect(tab('Records').getAttribute('aria-selected')).toBe('true'));
    expect(router.state.location.pathname).toBe('/profilepage/coach_dan/records');

    await router.navigate(paths.followers('coach_dan'));
    expect(await screen.findByRole('heading', { name: 'Follow list' })).toBeTruthy();
  });

  it('the name and the handle carry their whole text on hover (where an ellipsis cuts them: e2e/feeds.spec.ts)', async () => {
    const long = profileOf({ username: 'kettlebell_kai_the_unbreakable', firstname: 'Kai', lastname: 'Nakamura' });
    await openProfile(long.username, [long]);
    const name = await screen.findByRole('heading', { name: 'Kai Nakamura' });
    expect(name.getAttribute('title')).toBe('Kai Nakamura');
    const handle = within(header()).getByText('@kettlebell_kai_the_unbreakable');
    expect(handle.getAttribute('title')).toBe('@kettlebell_kai_the_unbreakable');
  });
});
