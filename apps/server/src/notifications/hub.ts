import type { NotificationEvent } from '@spotter/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Key } from '../db/schema';
import { connectRedis } from '../security/redis';

type Listener = (event: NotificationEvent) => void;

/**
 * Who is listening for their notifications on this server (open streams), and how a new one reaches
 * them: straight to this process's listeners, or, with REDIS_URL, through Redis pub/sub, so that a
 * stream held by another server of the cluster gets it too (each server delivers what it hears).
 */
export class NotificationHub {
  private readonly listeners = new Map<Key, Set<Listener>>();

  constructor(private readonly redis?: { pub: Redis; sub: Redis; channel: string }) {
    redis?.sub.on('message', (channel: string, message: string) => {
      if (channel !== redis.channel) return;
      const { userId, event } = JSON.parse(message) as { userId: Key; event: NotificationEvent };
      this.deliver(userId, event);
    });
  }

  subscribe(userId: Key, listener: Listener): () => void {
    const set = this.listeners.get(userId) ?? new Set();
    set.add(listener);
    this.listeners.set(userId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
    };
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
    for (const listener of this.listeners.get(userId) ?? []) listener(event);
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
