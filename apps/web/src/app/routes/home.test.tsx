import { routes } from '@spotter/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../lib/session';
import { jsonResponse, renderWithApp, testQueryClient } from '../../testing/render';
import { signInAs, testUser } from '../../testing/session';
import { HomeRoute, homeLoader } from './home';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSession();
});

/** Answers every call with an empty page and remembers which feed pages were asked for. */
function stubFeed() {
  const feedCalls: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname !== routes.feed.path) {
        return jsonResponse(404, { errors: ['Not found'] });
      }
      feedCalls.push(url.searchParams);
      return jsonResponse(200, { posts: [], nextCursor: null });
    }),
  );
  return feedCalls;
}

function renderHome() {
  renderWithApp(<HomeRoute />);
}

describe('home feed', () => {
  it('asks for newest first with no filter, by likes under Trending, and back when it is turned off', async () => {
    const calls = stubFeed();
    renderHome();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.get('order')).toBe('newest');
    expect(Number(calls[0]?.get('limit'))).toBeGreaterThan(0);
    expect(calls[0]?.has('cursor')).toBe(false);

    const user = userEvent.setup();
    const trending = screen.getByRole('button', { name: 'Trending' });
    await user.click(trending);
    expect(trending.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(calls.at(-1)?.get('order')).toBe('trending'));

    await user.click(screen.getByRole('button', { name: 'Latest' }));
    expect(trending.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Latest' }).getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText('Your feed is empty: post something or follow people.')).toBeTruthy();
  });
});

describe('home route loader', () => {
  const me = testUser();

  it('starts the first page before the screen renders, and the screen uses it instead of asking again', async () => {
    const calls = stubFeed();
    signInAs(me);
    const client = testQueryClient();
    expect(homeLoader(client)()).toBeNull();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.get('order')).toBe('newest');

    renderWithApp(<HomeRoute />, client);
    expect(await screen.findByText('Your feed is empty: post something or follow people.')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('asks nothing for a visitor who is not signed in', () => {
    const calls = stubFeed();
    homeLoader(testQueryClient())();
    expect(calls).toHaveLength(0);
  });
});
