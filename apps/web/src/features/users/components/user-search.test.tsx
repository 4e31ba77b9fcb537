import type { UserSummary } from '@spotter/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { jsonResponse, renderRoutes, renderWithApp } from '../../../testing/render';
import { UserSearch } from './user-search';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const people: UserSummary[] = [
  { _id: 'u1', username: 'liftqueen', firstname: 'Maya', lastname: 'Okafor', avatarUrl: '' },
  { _id: 'u2', username: 'deadLIFTdan', firstname: 'Dan', lastname: 'Reyes', avatarUrl: '' },
  { _id: 'u3', username: 'runner_jo', firstname: 'Jo', lastname: 'Berg', avatarUrl: '' },
];

/** A stand-in for the server's rule (substring of the username, any case), recording each q asked. */
function stubSearch() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      const q = url.searchParams.get('q') ?? '';
      asked.push(q);
      const users = people.filter((p) => p.username.toLowerCase().includes(q.toLowerCase()));
      return jsonResponse(200, { users });
    }),
  );
  return asked;
}

function renderSearch() {
  renderWithApp(<UserSearch />);
  return screen.getByPlaceholderText('Search users...');
}

describe('user search', () => {
  it('asks once per pause in typing, trimmed, and lists the matches as links to their profiles', async () => {
    const asked = stubSearch();
    const input = renderSearch();
    await userEvent.type(input, '  LiFt ');
    const links = await screen.findAllByRole('link');
    expect(asked).toEqual(['LiFt']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/profilepage/liftqueen',
      '/profilepage/deadLIFTdan',
    ]);
    expect(screen.getByText('Maya Okafor')).toBeTruthy();
    expect(screen.getByText('@deadLIFTdan')).toBeTruthy();
    expect(screen.queryByText('@runner_jo')).toBeNull();
  });

  it("says 'No user found' when nobody matches, and shows nothing for an empty box", async () => {
    const asked = stubSearch();
    const input = renderSearch();
    await userEvent.type(input, 'zzz');
    expect(await screen.findByText('No user found')).toBeTruthy();

    await userEvent.clear(input);
    await waitFor(() => expect(screen.queryByText('No user found')).toBeNull());
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(asked).toEqual(['zzz']);
  });

  it('Enter opens the search page with the text (issue 47); an empty box goes nowhere', async () => {
    stubSearch();
    const { router } = renderRoutes(
      [
        { path: '/', element: <UserSearch /> },
        { path: paths.searchPattern, element: <h1>Search page</h1> },
      ],
      '/',
    );
    const input = screen.getByPlaceholderText('Search users...');
    await userEvent.type(input, '   {Enter}');
    expect(router.state.location.pathname).toBe('/');
    await userEvent.type(input, 'Okafor {Enter}');
    expect(await screen.findByRole('heading', { name: 'Search page' })).toBeTruthy();
    expect(router.state.location.search).toBe('?q=Okafor');
  });
});

describe('a handle in the search box (issue 49)', () => {
  it('looks @name@host up on its server and offers the person found, linking to their profile here', async () => {
    const bea = {
      _id: 'r1',
      username: 'bea@other.example',
      firstname: 'Bea',
      lastname: 'Far',
      avatarUrl: '',
      remote: true,
    };
    const lookedUp: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = new URL(input, 'http://localhost');
        if (url.pathname === '/api/users/lookup') {
          const acct = url.searchParams.get('acct') ?? '';
          lookedUp.push(acct);
          return acct === '@bea@other.example'
            ? jsonResponse(200, {
                user: {
                  ...bea,
                  bio: '',
                  website: '',
                  bookmarks: [],
                  followers: [],
                  following: [],
                  createdAt: '2026-01-01T00:00:00.000Z',
                  updatedAt: '2026-01-01T00:00:00.000Z',
                },
              })
            : jsonResponse(404, { errors: ['No one was found at that address: check the name and the server.'] });
        }
        return jsonResponse(200, { users: [] });
      }),
    );
    const input = renderSearch();
    await userEvent.type(input, '@bea@other.example');
    const link = await screen.findByRole('link');
    expect(link.getAttribute('href')).toBe('/profilepage/bea%40other.example');
    expect(screen.getByText('Bea Far')).toBeTruthy();
    expect(lookedUp).toEqual(['@bea@other.example']);

    await userEvent.clear(input);
    await userEvent.type(input, '@nobody@other.example');
    expect(await screen.findByText('No user found')).toBeTruthy();
  });
});
