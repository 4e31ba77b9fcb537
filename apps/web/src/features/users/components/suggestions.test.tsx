import { routes, type UserSummary } from '@spotter/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, renderWithApp } from '../../../testing/render';
import { Suggestions } from './suggestions';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const suggested: UserSummary[] = [
  { _id: 'u1', username: 'liftqueen', firstname: 'Maya', lastname: 'Okafor', avatarUrl: '' },
  { _id: 'u2', username: 'runner_jo', firstname: 'Jo', lastname: 'Berg', avatarUrl: '' },
];

/** Suggestions from the server; a follow answered by `followStatus`. Records the follow calls. */
function stubServer(followStatus: number) {
  const follows: { path: string; prefer: string | null }[] = [];
  let followed = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === routes.suggestions.path) {
        return json(200, { users: followed ? suggested.slice(1) : suggested });
      }
      if (url.pathname.startsWith(routes.followUser.path.replace(':userId', ''))) {
        follows.push({ path: url.pathname, prefer: new Headers(init?.headers).get('prefer') });
        if (followStatus !== 200) return json(followStatus, { errors: ['User Already following'] });
        followed = true;
        const profile = { ...suggested[0], bio: '', website: '', followerCount: 1, followingCount: 0 };
        return json(200, { user: { ...profile, username: 'me' }, followUser: profile });
      }
      return json(404, { errors: ['Not found'] });
    }),
  );
  return follows;
}

function renderSuggestions() {
  renderWithApp(<Suggestions />);
}

const list = () => screen.getByRole('list');

describe("'You might Like'", () => {
  it("lists the server's suggestions, each with '+ Follow'; a followed person leaves the list at once", async () => {
    const follows = stubServer(200);
    renderSuggestions();
    expect(screen.getByRole('heading', { name: 'You might Like' })).toBeTruthy();
    await screen.findByText('@liftqueen');
    expect(within(list()).getAllByRole('button', { name: '+ Follow' })).toHaveLength(2);

    await userEvent.click(within(list()).getAllByRole('button', { name: '+ Follow' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByText('@liftqueen')).toBeNull());
    expect(screen.getByText('@runner_jo')).toBeTruthy();
    expect(follows).toEqual([{ path: '/api/users/follow/u1', prefer: 'return=minimal' }]);
  });

  it('puts the person back and says why when the server refuses the follow', async () => {
    stubServer(400);
    renderSuggestions();
    await screen.findByText('@liftqueen');
    await userEvent.click(within(list()).getAllByRole('button', { name: '+ Follow' })[0] as HTMLElement);
    expect(await screen.findByText('User Already following')).toBeTruthy();
    expect(screen.getByText('@liftqueen')).toBeTruthy();
    expect(within(list()).getAllByRole('button', { name: '+ Follow' })).toHaveLength(2);
  });
});
