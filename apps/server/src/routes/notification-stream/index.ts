import { PassThrough } from 'node:stream';
import { apiPrefix, notificationStreamPath, type StreamEvent } from '@spotter/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../auth/require-user';
import type { AppContext } from '../../context';
import { notificationsSince, unreadCount } from '../../queries/notifications';

/** How many missed entries a resumed stream replays, at most (the list call has the rest). */
const resumeMax = 100;
const lastEventIdSchema = z.iso.datetime({ precision: 3 });

/**
 * A `notification` event's id is its entry's time as stored, which a reconnect sends back as
 * Last-Event-ID. An `unread` event has none: a client keeps the last id it had, and a reconnect reads
 * the count afresh.
 */
const eventOf = (event: StreamEvent) =>
  'notification' in event
    ? `id: ${new Date(event.notification.createdAt).toISOString()}\nevent: notification\ndata: ${JSON.stringify(event)}\n\n`
    : `event: unread\ndata: ${JSON.stringify(event)}\n\n`;

/**
 * GET /api/notifications/stream (issue 14): Server-Sent Events of the signed-in person's new
 * notifications, authenticated by the `authorization` header (the web client reads it with fetch).
 * A heartbeat comment keeps proxies from closing an idle stream; `Last-Event-ID` replays what a
 * reconnecting client missed, from the database, so it works whichever server it reconnects to.
 */
export function notificationStreamRoute(api: FastifyInstance, ctx: AppContext) {
  const open = new Set<PassThrough>();
  // Open streams would hold the server's close forever: they end first.
  api.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });
  api.get(notificationStreamPath.slice(apiPrefix.length), async (request, reply) => {
    const user = await requireUser(request, ctx);
    const stream = new PassThrough();
    open.add(stream);
    const unsubscribe = ctx.notifications.subscribe(
      user.id,
      (event) => stream.write(eventOf(event)),
      () => stream.end(),
    );
    const heartbeat = setInterval(
      () => stream.write(': heartbeat\n\n'),
      ctx.config.notificationHeartbeatSeconds * 1000,
    );
    stream.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(stream);
    });
    stream.write('retry: 3000\n: connected\n\n');
    const since = lastEventIdSchema.safeParse(request.headers['last-event-id']);
    if (since.success) {
      const missed = await notificationsSince(ctx.db, user.id, since.data, resumeMax);
      const count = missed.length > 0 ? await unreadCount(ctx.db, user.id) : 0;
      for (const notification of missed) stream.write(eventOf({ notification, unreadCount: count }));
    }
    reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no');
    return reply.send(stream);
  });
}
