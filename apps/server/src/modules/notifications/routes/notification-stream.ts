import { PassThrough } from 'node:stream';
import { apiPrefix, notificationStreamPath, type StreamEvent } from '@spotter/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../context';
import { requireUser } from '../../accounts';
import { notificationsSince, unreadCount } from '../queries/notifications';

/** How many missed entries a resumed stream replays, at most (the list call has the rest). */
const resumeMax = 100;
const lastEventIdSchema = z.iso.datetime({ precision: 3 });

/**
 * A `notification` event's id is its entry's time as stored, which a reconnect sends back as
 * Last-Event-ID. An `unread` event has none: a client keeps the last id it had, and every opening of
 * the stream sends one with the count as it then is.
 */
const eventOf = (event: StreamEvent) =>
  'notification' in event
    ? `id: ${new Date(event.notification.createdAt).toISOString()}\nevent: notification\ndata: ${JSON.stringify(event)}\n\n`
    : `event: unread\ndata: ${JSON.stringify(event)}\n\n`;

/**
 * GET /api/notifications/stream (issue 14): Server-Sent Events of the signed-in person's new
 * notifications, authenticated by the `authorization` header (the web client reads it with fetch).
 * It opens with an `unread` event (the count now) and the comment `: connected`; a heartbeat comment
 * keeps proxies from closing an idle stream; `Last-Event-ID` replays what a reconnecting client
 * missed, from the database, so it works whichever server it reconnects to.
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
    // The person's streams may be ended (account erased, suspended) while this one opens or before its
    // reader has drained it: nothing is written after that end (it would be an unhandled stream error).
    const send = (text: string) => {
      if (!stream.writableEnded) stream.write(text);
    };
    // Subscribed before the count is read, so that nothing made after the read goes untold; what
    // arrives while the stream is being opened waits until the opening has been written.
    let held: StreamEvent[] | undefined = [];
    const unsubscribe = ctx.notifications.subscribe(
      user.id,
      (event) => (held ? held.push(event) : send(eventOf(event))),
      () => stream.end(),
    );
    let heartbeat: NodeJS.Timeout | undefined;
    stream.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(stream);
    });
    try {
      const since = lastEventIdSchema.safeParse(request.headers['last-event-id']);
      const missed = since.success ? await notificationsSince(ctx.db, user.id, since.data, resumeMax) : [];
      // The count as of the opening, read after the subscription: the client's own read of the count
      // may have been answered before an entry made before the subscription (a browser may open the
      // stream long after it asked, six connections per origin over HTTP/1.1), and told of nothing.
      const count = await unreadCount(ctx.db, user.id);
      send('retry: 3000\n');
      for (const notification of missed) send(eventOf({ notification, unreadCount: count }));
      send(`${eventOf({ unreadCount: count })}: connected\n\n`);
    } catch (error) {
      stream.destroy();
      throw error;
    }
    for (const event of held) send(eventOf(event));
    held = undefined;
    heartbeat = setInterval(() => send(': heartbeat\n\n'), ctx.config.notificationHeartbeatSeconds * 1000);
    reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no');
    return reply.send(stream);
  });
}
