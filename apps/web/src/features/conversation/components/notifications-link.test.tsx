import { type NotificationEvent, notificationStreamPath, routes } from '@spotter/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { clearSession, getSession } from '../../../lib/session';
import { jsonResponse, renderWithApp } from '../../../testing/render';
import { signInAs, testUser } from '../../../testing/session';
import { useNotificationStream } from '../api/notification-stream';
import { NotificationsLink } from './notifications-link';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSession();
});

function Bell() {
  useNotificationStream(getSession()?.token);
  return <NotificationsLink variant="side" />;
}

const eventOf = (unreadCount: number): NotificationEvent => ({
  unreadCount,
  notification: {
    _id: 'n1',
    type: 'comment',
    actors: [],
    actorCount: 1,
    createdAt: '2026-11-24T10:00:00.000Z',
    read: false,
  },
});

/** A response body the test writes to as the server would, one chunk at a time. */
function pushedStream() {
  let push: (text: string) => void = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => controller.enqueue(new TextEncoder().encode(text));
    },
  });
  return { stream, push: (text: string) => push(text) };
}

/** The stream and the count's answers, as fetch sees them; `count` answers GET unread-count. */
const streamAnd = (stream: ReadableStream<Uint8Array>, count: () => Response | Promise<Response>) =>
  vi.fn(async (input: string) => {
    const path = new URL(input, 'http://localhost').pathname;
    if (path === notificationStreamPath) {
      return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }
    if (path === routes.unreadNotifications.path) return count();
    return jsonResponse(404, { errors: ['Not found'] });
  });

it('a count read before a notification but answered after its event does not hide it', async () => {
  const { stream, push } = pushedStream();
  const countAnswers: ((count: number) => void)[] = [];
  vi.stubGlobal(
    'fetch',
    streamAnd(
      stream,
      () =>
        new Promise<Response>((resolve) => {
          countAnswers.push((count) => resolve(jsonResponse(200, { unreadCount: count })));
        }),
    ),
  );
  signInAs(testUser());
  renderWithApp(<Bell />);

  // The bell's first read of the count happens on the server before the comment, and its answer is slow.
  await waitFor(() => expect(countAnswers.length).toBeGreaterThanOrEqual(1));
  push('retry: 3000\n: connected\n\n');
  push(`id: 2026-11-24T10:00:00.000Z\nevent: notification\ndata: ${JSON.stringify(eventOf(1))}\n\n`);
  await screen.findByRole('link', { name: 'Notifications, 1 unread' });
  for (const answer of countAnswers) answer(0);

  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.getByRole('link', { name: /^Notifications/ }).getAttribute('aria-label')).toBe(
    'Notifications, 1 unread',
  );
});

it('an unread event sets the bell to its count, with no new entry', async () => {
  const { stream, push } = pushedStream();
  vi.stubGlobal(
    'fetch',
    streamAnd(stream, () => jsonResponse(200, { unreadCount: 2 })),
  );
  signInAs(testUser());
  renderWithApp(<Bell />);
  await screen.findByRole('link', { name: 'Notifications, 2 unread' });

  // A like taken back: the count falls without an entry.
  push('retry: 3000\n: connected\n\nevent: unread\ndata: {"unreadCount":1}\n\n');
  await screen.findByRole('link', { name: 'Notifications, 1 unread' });
  // Everything read on another device.
  push('event: unread\ndata: {"unreadCount":0}\n\n');
  await waitFor(() =>
    expect(screen.getByRole('link', { name: /^Notifications/ }).getAttribute('aria-label')).toBe('Notifications'),
  );
});
