import { type Notification, routes } from '@spotter/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { formatExactDate } from '../../../lib/dates';
import { clearSession } from '../../../lib/session';
import { isCall, stubApi } from '../../../testing/api-stub';
import { jsonResponse, renderRoutes } from '../../../testing/render';
import { signInAs, testUser } from '../../../testing/session';
import { NotificationsRoute } from './notifications';

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const ana = { _id: 'ana', username: 'ana_runs', firstname: 'Ana', lastname: 'Silva', avatarUrl: '' };
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const entry = (fields: Partial<Notification> & Pick<Notification, '_id' | 'type'>): Notification => ({
  actors: [ana],
  actorCount: 1,
  createdAt: minutesAgo(5),
  read: true,
  ...fields,
});

const mention = entry({
  _id: 'n-mention',
  type: 'mention',
  post: { _id: 'p1', excerpt: 'Long run' },
  comment: { _id: 'c1', excerpt: '@maya join us' },
  createdAt: minutesAgo(5),
});
const like = entry({ _id: 'n-like', type: 'like', post: { _id: 'p2', excerpt: 'Squats' }, createdAt: minutesAgo(120) });
const follow = entry({ _id: 'n-follow', type: 'follow', createdAt: '2025-03-12T09:00:00.000Z' });

/** The server's list: filtered by `kind` as the API does (the API test proves the filter itself). */
function stubServer() {
  const all = [mention, like, follow];
  const byKind: Record<string, Notification[]> = { mention: [mention], like: [like], follow: [follow], comment: [] };
  return stubApi((call) => {
    if (isCall(call, routes.listNotifications)) {
      const kind = call.query.get('kind');
      return jsonResponse(200, { notifications: kind ? (byKind[kind] ?? []) : all, nextCursor: null, unreadCount: 0 });
    }
    return undefined;
  });
}

const screens: RouteObject[] = [
  { path: paths.notifications, Component: NotificationsRoute },
  { path: paths.postPattern, element: <h1>A post</h1> },
];

const listCalls = (calls: ReturnType<typeof stubServer>) =>
  calls.filter((call) => isCall(call, routes.listNotifications));

describe('the notifications screen (issue 47)', () => {
  it('says when each entry happened, relative as a post, the exact moment on hover', async () => {
    stubServer();
    signInAs(testUser());
    renderRoutes(screens, paths.notifications);
    const items = await screen.findAllByTestId('notification');
    const times = items.map((item) => item.querySelector('time') as HTMLTimeElement);
    expect(times.map((time) => time.textContent)).toEqual(['5 min', '2 h', 'Mar 12, 2025']);
    for (const [time, n] of times.map((time, i) => [time, [mention, like, follow][i]] as const)) {
      expect(time.dateTime).toBe(n?.createdAt);
      expect(time.title).toBe(formatExactDate(n?.createdAt ?? ''));
    }
  });

  it('filters by kind on the server, each kind a link that shows it is the current one', async () => {
    const calls = stubServer();
    signInAs(testUser());
    const { router } = renderRoutes(screens, paths.notifications);
    await screen.findAllByTestId('notification');
    const kinds = screen.getByRole('navigation', { name: 'Notification kinds' });
    expect(
      within(kinds)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['All', 'Mentions', 'Comments', 'Likes', 'Follows']);
    expect(within(kinds).getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe('page');
    expect(listCalls(calls)[0]?.query.has('kind')).toBe(false);

    const user = userEvent.setup({ delay: null });
    await user.click(within(kinds).getByRole('link', { name: 'Likes' }));
    await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(1));
    expect(screen.getByTestId('notification').textContent).toContain('Ana Silva liked your post');
    expect(router.state.location.search).toBe('?kind=like');
    expect(listCalls(calls).at(-1)?.query.get('kind')).toBe('like');
    expect(within(kinds).getByRole('link', { name: 'Likes' }).getAttribute('aria-current')).toBe('page');
    expect(within(kinds).getByRole('link', { name: 'All' }).hasAttribute('aria-current')).toBe(false);

    await user.click(within(kinds).getByRole('link', { name: 'Comments' }));
    expect(await screen.findByText('No comments yet.')).toBeTruthy();
    expect(screen.queryAllByTestId('notification')).toEqual([]);
  });

  it('offers a Boosts filter where the server federates, and only there (issue 49)', async () => {
    const boost = entry({ _id: 'n-boost', type: 'boost', post: { _id: 'p3', excerpt: 'Deadlift' } });
    const calls = stubApi((call) => {
      if (isCall(call, routes.capabilities)) return jsonResponse(200, { email: false, federation: true });
      if (isCall(call, routes.listNotifications)) {
        const kind = call.query.get('kind');
        const notifications = kind === 'boost' ? [boost] : [like];
        return jsonResponse(200, { notifications, nextCursor: null, unreadCount: 0 });
      }
      return undefined;
    });
    signInAs(testUser());
    const { router } = renderRoutes(screens, paths.notifications);
    const kinds = screen.getByRole('navigation', { name: 'Notification kinds' });
    const boosts = await within(kinds).findByRole('link', { name: 'Boosts' });
    expect(
      within(kinds)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['All', 'Mentions', 'Comments', 'Likes', 'Boosts', 'Follows']);
    const user = userEvent.setup({ delay: null });
    await user.click(boosts);
    await waitFor(() => expect(screen.getByTestId('notification').textContent).toContain('boosted your post'));
    expect(router.state.location.search).toBe('?kind=boost');
    expect(listCalls(calls).at(-1)?.query.get('kind')).toBe('boost');
    expect(boosts.getAttribute('aria-current')).toBe('page');
  });

  it('a mention in a comment opens the post at that comment; a like opens the post', async () => {
    stubServer();
    signInAs(testUser());
    const { router } = renderRoutes(screens, paths.notifications);
    const [mentionItem, likeItem] = await screen.findAllByTestId('notification');
    expect(
      within(likeItem as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe(paths.post('p2'));
    const user = userEvent.setup({ delay: null });
    await user.click(within(mentionItem as HTMLElement).getByRole('link', { name: 'Ana Silva mentioned you' }));
    expect(router.state.location.pathname).toBe(paths.post('p1'));
    expect(router.state.location.hash).toBe('#comment-c1');
  });

  it('shows a boost from another server as "<name> boosted your post", linking to the post (issue 49)', async () => {
    const booster = {
      _id: 'ana-remote',
      username: 'ana@gym.example',
      firstname: 'Ana',
      lastname: 'Remote',
      avatarUrl: '',
    };
    const boost = entry({
      _id: 'n-boost',
      type: 'boost',
      actors: [booster],
      post: { _id: 'p3', excerpt: 'Deadlift 3 × 5' },
    });
    stubApi((call) =>
      isCall(call, routes.listNotifications)
        ? jsonResponse(200, { notifications: [boost], nextCursor: null, unreadCount: 0 })
        : undefined,
    );
    signInAs(testUser());
    const { router } = renderRoutes(screens, paths.notifications);
    const row = await screen.findByTestId('notification');
    expect(row.textContent).toContain('Ana Remote boosted your post');
    expect(row.textContent).toContain('Deadlift 3 × 5');
    const link = within(row).getByRole('link', { name: 'Ana Remote boosted your post' });
    expect(link.getAttribute('href')).toBe(paths.post('p3'));
    await userEvent.setup({ delay: null }).click(link);
    expect(router.state.location.pathname).toBe(paths.post('p3'));
  });
});
