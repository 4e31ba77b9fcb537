import { routes } from '@spotter/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../lib/session';
import { isCall, stubApi } from '../../testing/api-stub';
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

describe("the home composer attaches one of the author's recent workouts (issue 46)", () => {
  const workout = (id: string, title: string, startedAt: string) => ({
    _id: id,
    username: 'maya',
    title,
    startedAt,
    durationSec: null,
    notes: '',
    routineId: null,
    totalVolumeKg: 0,
    exercises: [],
    records: [],
    createdAt: startedAt,
    updatedAt: startedAt,
  });
  const legDay = 'b7d3c2a0-0000-4000-8000-000000000002';

  it('asks for the workouts only when opened, and the post carries the one chosen', async () => {
    signInAs(testUser());
    const calls = stubApi((call) => {
      if (isCall(call, routes.feed)) return jsonResponse(200, { posts: [], nextCursor: null });
      if (isCall(call, routes.userWorkouts)) {
        return jsonResponse(200, {
          workouts: [
            workout(legDay, 'Leg day', '2026-12-03T07:00:00.000Z'),
            workout('b7d3c2a0-0000-4000-8000-000000000001', 'Push day', '2026-12-01T07:00:00.000Z'),
          ],
          nextCursor: null,
        });
      }
      if (isCall(call, routes.createPost)) return jsonResponse(201, { posts: [] });
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    renderHome();
    await waitFor(() => expect(calls.some((call) => isCall(call, routes.feed))).toBe(true));
    expect(calls.some((call) => isCall(call, routes.userWorkouts))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Attach a workout' }));
    const choice = screen.getByRole('combobox', { name: 'Workout to share' });
    await waitFor(() => expect(screen.getByRole('option', { name: /^Leg day · / })).toBeTruthy());
    expect(calls.find((call) => isCall(call, routes.userWorkouts))?.path).toBe('/api/users/maya/workouts');
    await user.selectOptions(choice, legDay);
    // A workout alone is something to post: no "Add content to post".
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(calls.filter((call) => isCall(call, routes.createPost))).toHaveLength(1));
    expect(calls.find((call) => isCall(call, routes.createPost))?.body).toMatchObject({
      postData: { content: '', workoutId: legDay },
    });
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
