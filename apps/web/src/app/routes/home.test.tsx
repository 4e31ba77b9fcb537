import { notificationStreamPath, routes } from '@spotter/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNotificationStream } from '../../features/conversation';
import { forgetNewPosts, noteNewPost } from '../../features/posts';
import { clearSession, getSession } from '../../lib/session';
import { isCall, stubApi } from '../../testing/api-stub';
import { cardPost } from '../../testing/card-post';
import { jsonResponse, renderWithApp, testQueryClient } from '../../testing/render';
import { stubResizeObserver } from '../../testing/screen-facts';
import { signInAs, testUser } from '../../testing/session';
import { HomeRoute, homeLoader } from './home';

afterEach(() => {
  cleanup();
  forgetNewPosts();
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

/** A card of maya_lifts's, the n-th of the day: what the server answers for a post. */
const card = (n: number) =>
  cardPost({
    _id: `p${n}`,
    content: `Set number ${n}`,
    createdAt: `2026-12-06T10:0${n}:00.000Z`,
    updatedAt: `2026-12-06T10:0${n}:00.000Z`,
  });

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
    stubResizeObserver();
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
      if (isCall(call, routes.createPost)) return jsonResponse(201, { post: card(1) });
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

describe('"N new posts" (issue 47)', () => {
  /** Home with the stream the app holds handing its new posts to the feed, as app/layout does. */
  function HomeWithStream() {
    useNotificationStream(getSession()?.token, noteNewPost);
    return <HomeRoute />;
  }

  it('counts the stream’s new posts the feed does not show, and shows them at its head, keeping what was loaded', async () => {
    let push: (text: string) => void = () => {};
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(new TextEncoder().encode(text));
      },
    });
    stubResizeObserver();
    let newest = [card(3), card(2)];
    const calls = stubApi((call) => {
      if (call.path === notificationStreamPath) {
        return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } });
      }
      if (isCall(call, routes.feed)) {
        // Two pages: the second after the cursor of the first.
        if (call.query.get('cursor') === 'after-p2') return jsonResponse(200, { posts: [card(1)], nextCursor: null });
        return jsonResponse(200, { posts: newest, nextCursor: 'after-p2' });
      }
      return undefined;
    });
    signInAs(testUser());
    const user = userEvent.setup();
    renderWithApp(<HomeWithStream />);
    await screen.findByText('Set number 1');
    expect(screen.queryByRole('button', { name: /new post/ })).toBeNull();

    push(': connected\n\n');
    const newPost = (id: string) => push(`event: new-post\ndata: ${JSON.stringify({ newPost: { _id: id } })}\n\n`);
    newPost('p4');
    expect(await screen.findByRole('button', { name: '1 new post' })).toBeTruthy();
    newPost('p5');
    newPost('p5'); // told twice, one post
    newPost('p3'); // already in the feed
    expect(await screen.findByRole('button', { name: '2 new posts' })).toBeTruthy();
    // Nothing moved meanwhile: the feed shows what it showed.
    expect(screen.getAllByTestId('post-card')).toHaveLength(3);

    newest = [card(5), card(4), card(3), card(2)];
    const feedCallsBefore = calls.filter((call) => isCall(call, routes.feed)).length;
    await user.click(screen.getByRole('button', { name: '2 new posts' }));
    await waitFor(() => expect(screen.getAllByTestId('post-card')).toHaveLength(5));
    expect(screen.getAllByTestId('post-card').map((el) => el.textContent?.match(/Set number \d/)?.[0])).toEqual([
      'Set number 5',
      'Set number 4',
      'Set number 3',
      'Set number 2',
      'Set number 1',
    ]);
    // One call brought them; the pages already read were kept, not loaded again.
    const feedCalls = calls.filter((call) => isCall(call, routes.feed));
    expect(feedCalls).toHaveLength(feedCallsBefore + 1);
    expect(feedCalls.at(-1)?.query.get('order')).toBe('newest');
    expect(feedCalls.at(-1)?.query.has('cursor')).toBe(false);
    expect(screen.queryByRole('button', { name: /new post/ })).toBeNull();
    expect(screen.getByText('2 new posts shown').getAttribute('role')).toBe('status');
  });
});
