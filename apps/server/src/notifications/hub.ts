import type { NotificationEvent } from '@spotter/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Key } from '../db/schema';
import { connectRedis } from '../security/redis';

type Listener = (event: NotificationEvent) => void;

/** One open stream: what it is sent, and how it is ended (a suspension or deletion ends it). */
interface Stream {
  send: Listener;
  end: () => void;
}

/** What travels over Redis: an event for a person's streams, or the order to end them. */
type Message = { userId: Key; event: NotificationEvent } | { userId: Key; end: true };

/**
 * Who is listening for their notifications on this server (open streams), and how a new one reaches
 * them: straight to this process's listeners, or, with REDIS_URL, through Redis pub/sub, so that a
 * stream held by another server of the cluster gets it too (each server delivers what it hears).
 */
export class NotificationHub {
  private readonly listeners = new Map<Key, Set<Stream>>();

  constructor(private readonly redis?: { pub: Redis; sub: Redis; channel: string }) {
    redis?.sub.on('message', (channel: string, message: string) => {
      if (channel !== redis.channel) return;
      const parsed = JSON.parse(message) as Message;
      if ('end' in parsed) this.endLocal(parsed.userId);
      else this.deliver(parsed.userId, parsed.event);
    });
  }

  subscribe(userId: Key, send: Listener, end: () => void = () => {}): () => void {
    const set = this.listeners.get(userId) ?? new Set();
    const stream = { send, end };
    set.add(stream);
    this.listeners.set(userId, set);
    return () => {
      set.delete(stream);
      if (set.size === 0) this.listeners.delete(userId);
    };
  }

  /**
   * Ends every open stream of a person, on every server (issue 16: a suspension closes them). The
   * stream's next reconnect is refused: the person's tokens stopped working first.
   */
  async endStreams(userId: Key): Promise<void> {
    const message: Message = { userId, end: true };
    if (this.redis) await this.redis.pub.publish(this.redis.channel, JSON.stringify(message));
    else this.endLocal(userId);
  }

  private endLocal(userId: Key) {
    for (const stream of [...(this.listeners.get(userId) ?? [])]) stream.end();
  }

  async publish(userId: Key, event: NotificationEvent): Promise<void> {
    if (this.redis) await this.redis.pub.publish(this.redis.channel, JSON.stringify({ userId, event }));
    else this.deliver(userId, event);
  }

  /** Open streams on this server (a figure for the benchmark and tests). */
  get listening(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  private deliver(userId: Key, event: NotificationEvent) {
    for (const stream of this.listeners.get(userId) ?? []) stream.send(event);
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
