import type { NewPostEvent, SignedOutReason, StreamEvent } from '@spotter/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Key } from '../../db/schema';
import { connectRedis } from '../../security/redis';

type Listener = (event: StreamEvent) => void;

/**
 * Posts that were just deleted (by their author, a moderator or an erasure), for the client API's
 * streams to send Mastodon's `delete` (issue 50). Read before they went: after, nothing tells who saw them.
 */
export interface DeletedPosts {
  authorId: Key;
  /** The author's followers whom the visibility rule showed the author's posts (home timelines). */
  readers: readonly Key[];
  /** Each post: its public id, whether it was public (public and tag streams) or shown to followers, its tags. */
  posts: readonly { _id: string; public: boolean; followers: boolean; tags: readonly string[] }[];
}

/** What every client API stream hears of: a new public post, or deleted posts. */
export type EveryoneEvent = NewPostEvent | { deletedPosts: DeletedPosts };
/** Ends one open stream, telling its client why when there is a reason to tell. */
type Ender = (reason: SignedOutReason | undefined) => void;
interface Subscriber {
  listener: Listener;
  /** The session (public id) of the token that opened the stream; none for a token from before sessions. */
  session: string | undefined;
  end: Ender | undefined;
}

/**
 * Which of a person's open streams end, and why (issue 45). Neither `sessions` nor `except`: all of
 * them (erasure, suspension, log out everywhere, a recovery-link reset).
 */
export interface StreamEnding {
  /** Only the streams of these sessions (logout, a revoked session). */
  sessions?: readonly string[];
  /** Every stream but this session's (a password change keeps the session that made it). */
  except?: string;
  /** What the stream's last event says; none: it just ends (erasure, the person's own logout). */
  reason?: SignedOutReason;
}

/**
 * What goes over Redis: an event for someone, or the end of some of their streams (`true`, all of
 * them, is what servers from before issue 45 send; they read any other `end` as all too).
 */
type Message =
  | { userId: Key; event: StreamEvent }
  | { userId: Key; end: StreamEnding | true }
  /** One event for many people (a followed person's new post, issue 47): one message, not one per person. */
  | { userIds: readonly Key[]; event: StreamEvent }
  /** A new public post, for the client API's public streams (issue 50): every such stream decides whether it shows it. */
  | { everyone: NewPostEvent }
  /** Deleted posts, for the same streams (a server from before ignores it: no `userId`, no listener). */
  | { deleted: DeletedPosts };

const ends = (subscriber: Subscriber, ending: StreamEnding) => {
  if (ending.sessions) return subscriber.session !== undefined && ending.sessions.includes(subscriber.session);
  return ending.except === undefined || subscriber.session !== ending.except;
};

/**
 * Who is listening for their notifications on this server (open streams), and how a new one reaches
 * them: straight to this process's listeners, or, with REDIS_URL, through Redis pub/sub, so that a
 * stream held by another server of the cluster gets it too (each server delivers what it hears).
 * The end of sessions travels the same way, so a stream ends on whichever server holds it.
 */
export class NotificationHub {
  private readonly listeners = new Map<Key, Set<Subscriber>>();
  /** Listeners of every new public post (the client API's `public` and `hashtag` streams). */
  private readonly everyone = new Set<(event: EveryoneEvent) => void>();

  constructor(
    private readonly redis?: { pub: Redis; sub: Redis; channel: string },
    private readonly log?: FastifyBaseLogger,
  ) {
    redis?.sub.on('message', (channel: string, message: string) => {
      if (channel !== redis.channel) return;
      const parsed = JSON.parse(message) as Message;
      if ('everyone' in parsed) this.deliverEveryone(parsed.everyone);
      else if ('deleted' in parsed) this.deliverEveryone({ deletedPosts: parsed.deleted });
      else if ('userIds' in parsed) for (const userId of parsed.userIds) this.deliver(userId, parsed.event);
      else if ('end' in parsed) this.endLocal(parsed.userId, parsed.end === true ? {} : parsed.end);
      else this.deliver(parsed.userId, parsed.event);
    });
  }

  /**
   * `session`: the opening token's session, so that the end of that session ends this stream;
   * `end` is called when it must close (endStreams, on any server).
   */
  subscribe(userId: Key, listener: Listener, options: { session?: string; end?: Ender } = {}): () => void {
    const set = this.listeners.get(userId) ?? new Set();
    const subscriber: Subscriber = { listener, session: options.session, end: options.end };
    set.add(subscriber);
    this.listeners.set(userId, set);
    return () => {
      set.delete(subscriber);
      if (set.size === 0) this.listeners.delete(userId);
    };
  }

  async publish(userId: Key, event: StreamEvent): Promise<void> {
    if (this.redis) await this.redis.pub.publish(this.redis.channel, JSON.stringify({ userId, event }));
    else this.deliver(userId, event);
  }

  /**
   * One event for several people: through Redis as one message (every server delivers to the streams
   * it holds), or straight to this server's listeners of those people.
   */
  async publishMany(userIds: readonly Key[], event: StreamEvent): Promise<void> {
    if (this.redis) {
      if (userIds.length > 0) {
        await this.redis.pub.publish(this.redis.channel, JSON.stringify({ userIds, event } satisfies Message));
      }
    } else for (const userId of userIds) this.deliver(userId, event);
  }

  /** Whether any stream may hear an event: one open on this server, or any server's through Redis. */
  get reachesAnyone(): boolean {
    return this.redis !== undefined || this.listeners.size > 0 || this.everyone.size > 0;
  }

  /** Whether a public stream may hear of a new post: one open on this server, or any server's through Redis. */
  get reachesEveryone(): boolean {
    return this.redis !== undefined || this.everyone.size > 0;
  }

  /** Hears of every new public post (whoever wrote it) and every deletion; answers how to stop. */
  subscribeEveryone(listener: (event: EveryoneEvent) => void): () => void {
    this.everyone.add(listener);
    return () => this.everyone.delete(listener);
  }

  /** A new public post, to the public streams of every server. */
  async publishEveryone(event: NewPostEvent): Promise<void> {
    if (this.redis)
      await this.redis.pub.publish(this.redis.channel, JSON.stringify({ everyone: event } satisfies Message));
    else this.deliverEveryone(event);
  }

  /** Deleted posts, to the client API's streams of every server. */
  async publishDeleted(deleted: DeletedPosts): Promise<void> {
    if (this.redis) await this.redis.pub.publish(this.redis.channel, JSON.stringify({ deleted } satisfies Message));
    else this.deliverEveryone({ deletedPosts: deleted });
  }

  private deliverEveryone(event: EveryoneEvent) {
    for (const listener of this.everyone) listener(event);
  }

  /**
   * Whether an event for this person may reach an open stream: theirs on this server, or any server's
   * through Redis. Without one, building the event (three reads) is work no one receives.
   */
  reaches(userId: Key): boolean {
    return this.redis !== undefined || this.listeners.has(userId);
  }

  /**
   * Closes open streams of one person, on every server: all of them (their account is gone or
   * suspended, every session ended) or those of the sessions that ended. The sessions are already
   * gone from the database, so this never fails the call that ended them: with Redis out of reach,
   * this server's streams end and the outage is logged (the others' end at their next reconnect).
   */
  async endStreams(userId: Key, ending: StreamEnding = {}): Promise<void> {
    if (this.redis) {
      try {
        await this.redis.pub.publish(this.redis.channel, JSON.stringify({ userId, end: ending } satisfies Message));
        return;
      } catch (error) {
        this.log?.warn({ err: { message: (error as Error).message } }, 'streams of ended sessions not announced');
      }
    }
    this.endLocal(userId, ending);
  }

  /** Open streams on this server (a figure for the benchmark and tests). */
  get listening(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  private deliver(userId: Key, event: StreamEvent) {
    for (const subscriber of this.listeners.get(userId) ?? []) subscriber.listener(event);
  }

  private endLocal(userId: Key, ending: StreamEnding) {
    for (const subscriber of [...(this.listeners.get(userId) ?? [])]) {
      if (ends(subscriber, ending)) subscriber.end?.(ending.reason);
    }
  }

  close() {
    this.redis?.pub.disconnect();
    this.redis?.sub.disconnect();
  }
}

/** The hub of this server: in memory, or over Redis pub/sub when REDIS_URL is set. */
export async function createNotificationHub(
  redis: { url: string; prefix: string } | undefined,
  log: FastifyBaseLogger,
): Promise<NotificationHub> {
  if (!redis) return new NotificationHub();
  const pub = await connectRedis(redis.url, log);
  const sub = await connectRedis(redis.url, log);
  const channel = `${redis.prefix}notifications`;
  await sub.subscribe(channel);
  return new NotificationHub({ pub, sub, channel }, log);
}
