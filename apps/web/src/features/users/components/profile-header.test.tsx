import { type Profile, routes } from '@spotter/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../lib/session';
import { jsonResponse as json, renderWithApp } from '../../../testing/render';
import { signInAs, testUser } from '../../../testing/session';
import { ProfileHeader } from './profile-header';

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const profile: Profile = {
  _id: 'u2',
  username: 'tom',
  firstname: 'Tom',
  lastname: 'Ray',
  avatarUrl: '',
  bio: '',
  website: '',
  followerCount: 3,
  followingCount: 1,
  postCount: 4,
  followedByMe: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function renderAsModerator(shown: Profile) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) =>
      new URL(input, 'http://localhost').pathname === '/api/users/me/role'
        ? json(200, { role: 'moderator' })
        : json(404, { errors: ['Not found'] }),
    ),
  );
  signInAs(testUser({ _id: 'mod' }));
  renderWithApp(<ProfileHeader profile={shown} OthersMenu={() => null} />);
}

describe('the profile header of a suspended person (moderators only, decision 048)', () => {
  it('says the account is suspended and since when, and offers no Follow', () => {
    const suspendedAt = '2026-11-20T12:00:00.000Z';
    renderAsModerator({ ...profile, suspendedAt });
    const marker = screen.getByText('Suspended').closest('p');
    expect(marker?.textContent).toBe(
      `Suspended since ${new Date(suspendedAt).toLocaleDateString()}. Only moderators see this profile.`,
    );
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
    expect(screen.getByText('4')).toBeTruthy();
  });

  it('shows no marker on a live account, which keeps its Follow button', () => {
    renderAsModerator(profile);
    expect(screen.queryByText('Suspended')).toBeNull();
    expect(screen.getByRole('button', { name: 'Follow' })).toBeTruthy();
  });
});

describe('"Follow from your server" (issue 49)', () => {
  function renderWithFederation(federation: boolean, shown: Profile) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) =>
        new URL(input, 'http://localhost').pathname === '/api/capabilities'
          ? json(200, { email: false, federation })
          : json(404, { errors: ['Not found'] }),
      ),
    );
    signInAs(testUser({ _id: 'me' }));
    renderWithApp(<ProfileHeader profile={shown} OthersMenu={() => null} />);
  }

  it("shows a local person's handle on this server, to copy, when the server federates", async () => {
    renderWithFederation(true, profile);
    expect(await screen.findByText(`@tom@${window.location.host}`)).toBeTruthy();
    expect(screen.getByText('Follow from your server:')).toBeTruthy();
    expect(screen.getByRole('button', { name: `Copy @tom@${window.location.host}` })).toBeTruthy();
  });

  it('shows no handle on the profile of someone on another server: they are followed with Follow', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { email: false, federation: true })),
    );
    signInAs(testUser({ _id: 'me' }));
    const bea: Profile = { ...profile, _id: 'u3', username: 'bea@other.example', remote: true };
    // The remote profile first: its answer is in by the time the local one's shows.
    renderWithApp(
      <>
        <ProfileHeader profile={bea} OthersMenu={() => null} />
        <ProfileHeader profile={profile} OthersMenu={() => null} />
      </>,
    );
    expect(await screen.findByText(`@tom@${window.location.host}`)).toBeTruthy();
    expect(screen.getAllByText('Follow from your server:')).toHaveLength(1);
    expect(screen.getByText('@bea@other.example')).toBeTruthy();
  });
});

describe('a follow request of a locked person on another server (decision 106)', () => {
  const bea: Profile = { ...profile, _id: 'u3', username: 'bea@other.example', remote: true, followRequested: true };

  it("shows 'Requested', and pressing it takes the request back with the unfollow call", async () => {
    const calls: { method: string; path: string; prefer: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const url = new URL(input, 'http://localhost');
        if (url.pathname.startsWith(routes.unfollowUser.path.replace(':userId', ''))) {
          calls.push({
            method: init?.method ?? 'GET',
            path: url.pathname,
            prefer: new Headers(init?.headers).get('prefer'),
          });
          const { followRequested: _, ...after } = bea;
          return json(200, { user: { ...profile, _id: 'me', username: 'me' }, followUser: after });
        }
        return json(200, { email: false, federation: true });
      }),
    );
    signInAs(testUser({ _id: 'me' }));
    renderWithApp(<ProfileHeader profile={bea} OthersMenu={() => null} />);
    const button = screen.getByRole('button', { name: 'Requested' });
    expect(button.getAttribute('title')).toBe('Cancel the follow request');
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Following' })).toBeNull();

    await userEvent.click(button);
    await waitFor(() =>
      expect(calls).toEqual([{ method: 'POST', path: '/api/users/unfollow/u3', prefer: 'return=minimal' }]),
    );
  });

  it("shows 'Following' once accepted, and 'Follow' with no request", () => {
    signInAs(testUser({ _id: 'me' }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { email: false, federation: true })),
    );
    const { followRequested: _, ...accepted } = bea;
    renderWithApp(
      <>
        <ProfileHeader profile={{ ...accepted, followedByMe: true }} OthersMenu={() => null} />
        <ProfileHeader profile={{ ...accepted, _id: 'u4', username: 'cy@other.example' }} OthersMenu={() => null} />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Following' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Follow' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Requested' })).toBeNull();
  });
});
