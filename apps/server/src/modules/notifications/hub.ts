import type { StreamEvent } from '@spotter/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Key } from '../../db/schema';
import { connectRedis } from '../../security/redis';

type Listener = (event: StreamEvent) => void;
/** Ends one open stream (its person was deleted). */
type Ender = () => void;
interface Subscriber {
  listener: Listener;
  end?: Ender;
}
/** What goes over Redis: an event for someone, or the end of their streams. */
type Message = { userId: Key; event: StreamEvent } | { userId: Key; end: true };

/**
 * Who is listening for their notifications on this server (open streams), and how a new one reaches
 * them: straight to this process's listeners, or, with REDIS_URL, through Redis pub/sub, so that a
 * stream held by another server of the cluster gets it too (each server delivers what it hears).
 */
export class NotificationHub {
  private readonly listeners = new Map<Key, Set<Subscriber>>();

  constructor(private readonly redis?: { pub: Redis; sub: Redis; channel: string }) {
    redis?.sub.on('message', (channel: string, message: string) => {
      if (channel !== redis.channel) return;
      const parsed = JSON.parse(message) as Message;
      if ('end' in parsed) this.endLocal(parsed.userId);
      else this.deliver(parsed.userId, parsed.event);
    });
  }

  /** `end` is called when the person's streams must close (endStreams, on any server). */
  subscribe(userId: Key, listener: Listener, end?: Ender): () => void {
    const set = this.listeners.get(userId) ?? new Set();
    const subscriber: Subscriber = { listener, end };
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
   * Whether an event for this person may reach an open stream: theirs on this server, or any server's
   * through Redis. Without one, building the event (three reads) is work no one receives.
   */
  reaches(userId: Key): boolean {
    return this.redis !== undefined || this.listeners.has(userId);
  }

  /** Closes every open stream of one person, on every server (their account is gone). */
  async endStreams(userId: Key): Promise<void> {
    if (this.redis) await this.redis.pub.publish(this.redis.channel, JSON.stringify({ userId, end: true }));
    else this.endLocal(userId);
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

  private endLocal(userId: Key) {
    for (const subscriber of [...(this.listeners.get(userId) ?? [])]) subscriber.end?.();
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
  return new NotificationHub({ pub, sub, channel });
}
