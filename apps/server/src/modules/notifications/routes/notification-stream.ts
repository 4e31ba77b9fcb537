import { PassThrough } from 'node:stream';
import {
  apiErrors,
  apiPrefix,
  notificationStreamPath,
  type SignedOutReason,
  type StreamEvent,
} from '@spotter/contract';
import type { FastifyInstance, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { AppContext } from '../../../context';
import { HttpError } from '../../../errors';
import { requireUser } from '../../accounts';
import { notificationsSince, unreadCount } from '../queries/notifications';
import { type StreamRefusal, StreamSlots } from '../stream-slots';

/** How many missed entries a resumed stream replays, at most (the list call has the rest). */
const resumeMax = 100;
const lastEventIdSchema = z.iso.datetime({ precision: 3 });

/**
 * What a refused opening is told to wait: a slot frees when one of the person's streams closes,
 * which nobody can predict; the web client's own back-off reaches 30 s too.
 */
const capRetryAfterSeconds = 30;
const capMessages: Record<StreamRefusal, string> = {
  person: apiErrors.tooManyStreamsPerson,
  address: apiErrors.tooManyStreamsAddress,
};

/**
 * A `notification` event's id is its entry's time as stored, which a reconnect sends back as
 * Last-Event-ID. An `unread` event has none: a client keeps the last id it had, and every opening of
 * the stream sends one with the count as it then is. Nor has a `new-post` event (issue 47: a followed
 * person's post, which the home feed holds, so a reconnect need not replay it).
 */
const eventOf = (event: StreamEvent) =>
  'notification' in event
    ? `id: ${new Date(event.notification.createdAt).toISOString()}\nevent: notification\ndata: ${JSON.stringify(event)}\n\n`
    : 'newPost' in event
      ? `event: new-post\ndata: ${JSON.stringify(event)}\n\n`
      : `event: unread\ndata: ${JSON.stringify(event)}\n\n`;

/** The last event of a stream whose session ended (issue 45): the client learns why it was signed out. */
const signedOutEvent = (reason: SignedOutReason) => `event: signed-out\ndata: ${JSON.stringify({ reason })}\n\n`;

/**
 * GET /api/notifications/stream (issue 14): Server-Sent Events of the signed-in person's new
 * notifications, authenticated by the `authorization` header (the web client reads it with fetch).
 * It opens with an `unread` event (the count now) and the comment `: connected`; a heartbeat comment
 * keeps proxies from closing an idle stream; `Last-Event-ID` replays what a reconnecting client
 * missed, from the database, so it works whichever server it reconnects to.
 *
 * Issue 45: a stream lives no longer than the session of its token (the hub ends it, on whichever
 * server holds it, with a last `signed-out` event saying why); each opening spends the read budget
 * (`hooks`), and a person and an address hold a bounded number at once (stream-slots.ts).
 */
export function notificationStreamRoute(
  api: FastifyInstance,
  ctx: AppContext,
  options: {
    hooks: { onRequest: onRequestHookHandler[]; preHandler: preHandlerHookHandler[] };
    redis: Redis | undefined;
  },
) {
  const slots = new StreamSlots(
    ctx.config.streamCaps,
    options.redis && ctx.config.redis
      ? { redis: options.redis, prefix: ctx.config.redis.prefix, log: api.log }
      : undefined,
  );
  const open = new Set<PassThrough>();
  // Open streams would hold the server's close forever: they end first.
  api.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });
  const path = notificationStreamPath.slice(apiPrefix.length);
  api.get(
    path,
    { onRequest: options.hooks.onRequest, preHandler: options.hooks.preHandler },
    async (request, reply) => {
      const user = await requireUser(request, ctx);
      const session = (await request.identity())?.sid;
      const slot = await slots.take(user.id, request.ip);
      if (typeof slot === 'string') {
        throw new HttpError(429, [capMessages[slot]], { 'retry-after': String(capRetryAfterSeconds) });
      }
      const stream = new PassThrough();
      open.add(stream);
      // The person's streams may be ended (session or account ended) while this one opens or before its
      // reader has drained it: nothing is written after that end (it would be an unhandled stream error).
      const send = (text: string) => {
        if (!stream.writableEnded) stream.write(text);
      };
      const end = (reason: SignedOutReason | undefined) => {
        if (reason) send(signedOutEvent(reason));
        stream.end();
      };
      // Subscribed before the count is read, so that nothing made after the read goes untold; what
      // arrives while the stream is being opened waits until the opening has been written.
      let held: StreamEvent[] | undefined = [];
      const unsubscribe = ctx.notifications.subscribe(
        user.id,
        (event) => (held ? held.push(event) : send(eventOf(event))),
        { session, end },
      );
      let heartbeat: NodeJS.Timeout | undefined;
      stream.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        slot.release();
        open.delete(stream);
      });
      try {
        // Asked of the database again now that the stream would hear its session end: a logout that
        // ended it after the check above (or that this server's kept identity has not heard of yet,
        // decision 055) would otherwise leave this stream open for good.
        await requireUser(request, { db: ctx.db });
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
      if (!stream.writableEnded) {
        heartbeat = setInterval(() => send(': heartbeat\n\n'), ctx.config.notificationHeartbeatSeconds * 1000);
      }
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no');
      return reply.send(stream);
    },
  );
}
