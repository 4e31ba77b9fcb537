import websocket from '@fastify/websocket';
import { findHashtags, type StreamEvent } from '@spotter/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppContext } from '../../../context';
import { findUserByUsername } from '../../accounts';
import type { DeletedPosts } from '../../notifications';
import { cardById } from '../../posts';
import { type Caller, requireScope } from '../caller';
import { statusOf } from '../entities';
import { notificationOf, notificationParts } from '../notification-entity';
import { userRequired } from '../oauth-error';
import { originOf } from '../origin';

/** The streams an app may follow here; `public:local` is `public` (every post is local without federation). */
const streamNames = ['user', 'user:notification', 'public', 'public:local', 'hashtag', 'hashtag:local'] as const;
type StreamName = (typeof streamNames)[number];
const isStreamName = (name: unknown): name is StreamName => (streamNames as readonly unknown[]).includes(name);

/** One subscription: a stream, and for a hashtag stream its tag (lowercased, without `#`). */
type Subscription = { stream: StreamName; tag?: string };
const keyOf = (s: Subscription) => (s.tag === undefined ? s.stream : `${s.stream}#${s.tag}`);
const subscriptionOf = (stream: unknown, tag: unknown): Subscription | undefined => {
  if (!isStreamName(stream)) return undefined;
  if (!stream.startsWith('hashtag')) return { stream };
  return typeof tag === 'string' && tag.trim() !== ''
    ? { stream, tag: tag.replace(/^#/, '').toLowerCase() }
    : undefined;
};

/**
 * The token of a WebSocket opening: the Authorization header, else the `access_token` query
 * parameter, else the Sec-WebSocket-Protocol header (masto.js sends it there; a browser cannot set
 * headers on a WebSocket). Moved into the header, so everything after (the budgets, callerOf) reads
 * it as any other call's.
 */
async function tokenIntoHeader(request: FastifyRequest) {
  if (request.headers.authorization) return;
  const query = request.query as { access_token?: string };
  const protocol = request.headers['sec-websocket-protocol'];
  const token = query.access_token ?? (typeof protocol === 'string' ? protocol.split(',')[0]?.trim() : undefined);
  if (token) request.headers.authorization = `Bearer ${token}`;
}

declare module 'fastify' {
  interface FastifyRequest {
    streamingCaller?: Caller & { session: string | undefined };
  }
}

/**
 * Mastodon's streaming API (issue 50): one WebSocket per app, fed by the hub Spotter's own stream
 * uses (modules/notifications), so it works across servers with Redis too. `user` carries the
 * person's notifications (`notification`) and their followees' new posts (`update`);
 * `user:notification` the notifications alone; `public` (and `public:local`) every new public post
 * the person may see; `hashtag` those of one tag; each a `delete` (the status id) when a post it would
 * have shown is deleted. Each payload is a JSON string, as Mastodon sends it. The socket closes when its session ends (log out everywhere, revoked, password changed).
 */
export async function streamingRoutes(v1: FastifyInstance, ctx: AppContext) {
  v1.get('/streaming/health', async (_request, reply) => reply.type('text/plain; charset=utf-8').send('OK'));

  await v1.register(async (scope) => {
    await scope.register(websocket, { options: { maxPayload: 64 * 1024 } });
    scope.get(
      '/streaming',
      {
        websocket: true,
        onRequest: tokenIntoHeader,
        preHandler: async (request) => {
          const caller = await requireScope(request, ctx, ['read:statuses', 'read:notifications']);
          if (!caller.user) throw userRequired();
          request.streamingCaller = { ...caller, session: (await request.identity())?.sid };
        },
      },
      (socket: WebSocket, request: FastifyRequest) => serve(ctx, socket, request),
    );
  });
}

function serve(ctx: AppContext, socket: WebSocket, request: FastifyRequest) {
  const caller = request.streamingCaller;
  const user = caller?.user;
  if (!caller || !user) return socket.close(1008);
  const origin = originOf(request, ctx);
  const subscriptions = new Map<string, Subscription>();
  // A payload is a JSON string (an entity), or the plain id of a `delete`, as Mastodon sends them.
  const send = (stream: Subscription, event: string, payload: unknown) => {
    if (socket.readyState !== socket.OPEN) return;
    const name = stream.tag === undefined ? [stream.stream] : [stream.stream, stream.tag];
    const text = event === 'delete' ? payload : JSON.stringify(payload);
    socket.send(JSON.stringify({ stream: name, event, payload: text }));
  };
  const subscribed = (stream: StreamName) => [...subscriptions.values()].filter((s) => s.stream === stream);

  /** A post as this person sees it (undefined when they may not), with its tags. */
  const statusFor = async (postId: string) => {
    const post = await cardById(ctx.db, postId, user.id);
    const author = post && (await findUserByUsername(ctx.db, post.author.username));
    return post && author ? { status: statusOf(post, author, origin), tags: findHashtags(post.content) } : undefined;
  };

  const onPersonal = async (event: StreamEvent) => {
    if ('notification' in event) {
      const targets = [...subscribed('user'), ...subscribed('user:notification')];
      if (targets.length === 0) return;
      const parts = await notificationParts(ctx, user.id, [event.notification], origin);
      const notification = notificationOf(event.notification, parts);
      if (notification) for (const target of targets) send(target, 'notification', notification);
    } else if ('newPost' in event) {
      const targets = subscribed('user');
      const found = targets.length > 0 ? await statusFor(event.newPost._id) : undefined;
      if (found) for (const target of targets) send(target, 'update', found.status);
    }
  };
  const onPublic = async (postId: string) => {
    const targets = [...subscriptions.values()].filter(
      (s) => s.stream.startsWith('public') || s.stream.startsWith('hashtag'),
    );
    const found = targets.length > 0 ? await statusFor(postId) : undefined;
    if (!found) return;
    const tags = new Set(found.tags.map((tag) => tag.toLowerCase()));
    for (const target of targets) {
      if (target.tag === undefined || tags.has(target.tag)) send(target, 'update', found.status);
    }
  };
  /**
   * Deleted posts, on each stream that would have shown them: `user` those of its person or of whom
   * they follow (as the visibility rule showed them), `public` the public ones, `hashtag` the public
   * ones with its tag. Blocks and mutes are not asked again: a status gone is an id and nothing else.
   */
  const onDeleted = (deleted: DeletedPosts) => {
    const own = deleted.authorId === user.id;
    const reader = own || deleted.readers.includes(user.id);
    for (const target of subscriptions.values()) {
      for (const post of deleted.posts) {
        const shown =
          target.stream === 'user'
            ? own || (reader && post.followers)
            : target.stream.startsWith('public')
              ? post.public
              : target.tag !== undefined && post.public && post.tags.includes(target.tag);
        if (shown) send(target, 'delete', post._id);
      }
    }
  };
  const failed = (error: unknown) => request.log.warn({ err: error }, 'streaming event not sent');
  const unsubscribe = ctx.notifications.subscribe(user.id, (event) => void onPersonal(event).catch(failed), {
    session: caller.session,
    end: () => socket.close(1000),
  });
  const unsubscribeEveryone = ctx.notifications.subscribeEveryone((event) =>
    'newPost' in event ? void onPublic(event.newPost._id).catch(failed) : onDeleted(event.deletedPosts),
  );
  socket.on('close', () => {
    unsubscribe();
    unsubscribeEveryone();
  });

  const query = request.query as { stream?: string; tag?: string };
  const first = subscriptionOf(query.stream, query.tag);
  if (first) subscriptions.set(keyOf(first), first);
  socket.on('message', (data) => {
    let message: { type?: unknown; stream?: unknown; tag?: unknown };
    try {
      message = JSON.parse(String(data));
    } catch {
      return send({ stream: 'user' }, 'error', { error: 'Message must be JSON' });
    }
    const subscription = subscriptionOf(message.stream, message.tag);
    if (!subscription) return;
    if (message.type === 'subscribe') subscriptions.set(keyOf(subscription), subscription);
    else if (message.type === 'unsubscribe') subscriptions.delete(keyOf(subscription));
  });
}
