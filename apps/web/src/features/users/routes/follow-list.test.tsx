import { apiErrors, type Profile, routes, type UserSummary } from '@spotter/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type RouteObject, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { clearSession } from '../../../lib/session';
import { isCall, type SentCall, stubApi } from '../../../testing/api-stub';
import { jsonResponse, renderRoutes } from '../../../testing/render';
import { signInAs, testUser } from '../../../testing/session';
import { useProfile } from '../api/get-profile';
import { ProfileHeader } from '../components/profile-header';
import { FollowListRoute } from './follow-list';

/**
 * A profile's follower and following counts open their lists. The server's order (most recent follow
 * first) and paging are pinned by apps/server/tests/follow-lists.test.ts; these are the screens.
 */

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const person = (n: number): UserSummary => ({
  _id: `fan-${n}`,
  username: `fan_${n}`,
  firstname: 'Test',
  lastname: 'Lifter',
  avatarUrl: '',
});
const profileOf = (username: string, followerCount: number, followingCount: number): Profile => ({
  _id: `id-${username}`,
  username,
  firstname: 'Test',
  lastname: 'Lifter',
  avatarUrl: '',
  bio: '',
  website: '',
  followerCount,
  followingCount,
  postCount: 0,
  followedByMe: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

/** The profile screen's header, whose counts link to the lists (app/routes/profile.tsx adds the tabs). */
function ProfileScreen() {
  const { data: profile } = useProfile(useParams().username ?? '');
  return profile ? <ProfileHeader profile={profile} OthersMenu={() => null} /> : null;
}

const screens: RouteObject[] = [
  { path: paths.profilePattern, Component: ProfileScreen },
  { path: paths.followListPattern, Component: FollowListRoute },
];

/** 21 fans follow the star (fan 21 the most recent), who follows fan 1; pages of 20 as asked. */
function stubServer() {
  const fans = Array.from({ length: 21 }, (_, i) => person(21 - i));
  const profiles = new Map([
    ['star', profileOf('star', 21, 1)],
    ['fan_1', profileOf('fan_1', 0, 1)],
    ['lonely', profileOf('lonely', 0, 0)],
  ]);
  const lists: Record<string, UserSummary[]> = { 'star/followers': fans, 'star/following': [person(1)] };
  return stubApi((call: SentCall) => {
    const [, , , username = '', side = ''] = call.path.split('/');
    if (isCall(call, routes.profile)) {
      const profile = profiles.get(call.path.split('/').at(-1) ?? '');
      return profile ? jsonResponse(200, { profile }) : jsonResponse(404, { errors: [apiErrors.userNotFound] });
    }
    if (isCall(call, routes.followers) || isCall(call, routes.following)) {
      if (!profiles.has(username)) return jsonResponse(404, { errors: [apiErrors.userNotFound] });
      const all = lists[`${username}/${side}`] ?? [];
      const from = Number(call.query.get('cursor') ?? 0);
      const to = from + Number(call.query.get('limit'));
      return jsonResponse(200, { users: all.slice(from, to), nextCursor: to < all.length ? String(to) : null });
    }
    return undefined;
  });
}

const people = () => [...document.querySelectorAll('.follow-list__people li')];

function open(path: string) {
  const calls = stubServer();
  signInAs(testUser({ _id: 'viewer', username: 'viewer' }));
  return { calls, user: userEvent.setup({ delay: null }), ...renderRoutes(screens, path) };
}

describe('follower and following lists', () => {
  it('the follower and following counts open their lists, a page at a time', async () => {
    const { user, router } = open(paths.profile('star'));
    await user.click(await screen.findByRole('link', { name: '21 followers' }));
    expect(router.state.location.pathname).toBe(paths.followers('star'));
    await waitFor(() => expect(document.title).toBe('People following @star · Spotter'));
    await waitFor(() => expect(people()).toHaveLength(20));
    // Most recent follow first, as the server answers.
    expect(people()[0]?.textContent).toContain('@fan_21');
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(people()).toHaveLength(21));
    expect(people().at(-1)?.textContent).toContain('@fan_1');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Following' }));
    expect(router.state.location.pathname).toBe(paths.following('star'));
    await waitFor(() => expect(people()).toHaveLength(1));
    await user.click(people()[0]?.querySelector('a') as HTMLElement);
    expect(router.state.location.pathname).toBe(paths.profile('fan_1'));
    await router.navigate(-1);
    await user.click(await screen.findByRole('link', { name: '← Back to @star' }));
    expect(router.state.location.pathname).toBe(paths.profile('star'));
    await user.click(await screen.findByRole('link', { name: '1 following' }));
    await waitFor(() => expect(people()).toHaveLength(1));
  });

  it('an empty list says so, and an unknown person is not found', async () => {
    const { user, router } = open(paths.profile('lonely'));
    await user.click(await screen.findByRole('link', { name: '0 followers' }));
    expect(await screen.findByText('Nobody follows @lonely yet.')).toBeTruthy();
    await router.navigate(paths.following('no_such_person_here'));
    expect((await screen.findByRole('alert')).textContent).toContain('User not found');
  });
});
