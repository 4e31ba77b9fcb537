import { randomUUID } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { StreamCaps } from '../../config';
import type { Key } from '../../db/schema';

/** Why an opening was refused: the person's cap or the address's. */
export type StreamRefusal = 'person' | 'address';

/** A place taken by one open stream; given back when the stream closes. */
export interface StreamSlot {
  release(): void;
}

/**
 * How long a slot counted in Redis lives unless its server renews it (every third of that): a server
 * that dies holding streams frees their slots within a minute, not never.
 */
const leaseMs = 60_000;

/**
 * Takes one slot for each key (KEYS: the person's, the address's) if each holds fewer live members
 * than its cap, or none: 0, or the 1-based number of the key that is full. Members are scored by when
 * their lease runs out; run atomically, so two servers cannot both take the last slot.
 */
const takeScript = `
local now = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  if redis.call('ZCARD', key) >= tonumber(ARGV[3 + i]) then return i end
end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, ARGV[2], ARGV[3])
  redis.call('PEXPIRE', key, ARGV[6])
end
return 0
`;

/**
 * The caps on open notification streams (issue 45, finding 2): at most `perUser` per person and
 * `perIp` per client address (an IPv6 address counts by its /64, as the rate limits do). Counted in
 * this process, and with REDIS_URL also in Redis, so that a person's and an address's streams are
 * counted across every server of the cluster. If Redis cannot be asked, this server's own count
 * decides and the outage is logged, as the rate limits serve rather than fail.
 */
export class StreamSlots {
  /** Open streams on this server, per `user:` and `ip:` key. */
  private readonly here = new Map<string, number>();

  constructor(
    private readonly caps: StreamCaps,
    private readonly shared?: { redis: Redis; prefix: string; log: FastifyBaseLogger },
  ) {}

  async take(userId: Key, ip: string): Promise<StreamSlot | StreamRefusal> {
    const keys = [`user:${userId}`, `ip:${normalizeIP(ip)}`] as const;
    if ((this.here.get(keys[0]) ?? 0) >= this.caps.perUser) return 'person';
    if ((this.here.get(keys[1]) ?? 0) >= this.caps.perIp) return 'address';
    // Counted here before Redis is asked: openings on this server at the same moment see each other.
    this.count(keys, 1);
    let sharedSlot: StreamSlot | undefined;
    if (this.shared) {
      const outcome = await this.takeShared(this.shared, keys);
      if (typeof outcome === 'string') {
        this.count(keys, -1);
        return outcome;
      }
      sharedSlot = outcome;
    }
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.count(keys, -1);
        sharedSlot?.release();
      },
    };
  }

  private count(keys: readonly string[], by: 1 | -1) {
    for (const key of keys) {
      const n = (this.here.get(key) ?? 0) + by;
      if (n > 0) this.here.set(key, n);
      else this.here.delete(key);
    }
  }

  private async takeShared(
    shared: NonNullable<StreamSlots['shared']>,
    keys: readonly string[],
  ): Promise<StreamSlot | StreamRefusal | undefined> {
    const { redis, prefix, log } = shared;
    const redisKeys = keys.map((key) => `${prefix}streams:${key}`);
    const member = randomUUID();
    const expiry = () => String(Date.now() + leaseMs);
    try {
      const full = Number(
        await redis.eval(
          takeScript,
          redisKeys.length,
          ...redisKeys,
          String(Date.now()),
          expiry(),
          member,
          String(this.caps.perUser),
          String(this.caps.perIp),
          String(leaseMs),
        ),
      );
      if (full === 1) return 'person';
      if (full === 2) return 'address';
    } catch (error) {
      log.warn({ err: { message: (error as Error).message } }, 'stream caps counted on this server alone');
      return undefined;
    }
    const renew = setInterval(() => {
      const pipeline = redis.pipeline();
      for (const key of redisKeys) pipeline.zadd(key, 'XX', expiry(), member).pexpire(key, leaseMs);
      pipeline.exec().catch((error: Error) => log.warn({ err: { message: error.message } }, 'stream slot not renewed'));
    }, leaseMs / 3);
    renew.unref();
    return {
      release: () => {
        clearInterval(renew);
        const pipeline = redis.pipeline();
        for (const key of redisKeys) pipeline.zrem(key, member);
        // Not given back now (Redis away): its lease runs out within a minute.
        pipeline.exec().catch((error: Error) => log.warn({ err: { message: error.message } }, 'stream slot not freed'));
      },
    };
  }
}
