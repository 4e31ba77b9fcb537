import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * The Redis connection that holds shared rate-limit counters. It must be reachable at start (a
 * cluster that silently counted per process would give each server its own budget); once running,
 * a Redis outage is logged and requests are let through rather than answered 5xx.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  // Loaded only when REDIS_URL is set: a single server starts without it.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    // No queue while disconnected and a short timeout: a lost Redis must not hold requests.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1_000,
    connectTimeout: 5_000,
  });
  redis.on('error', (error: Error) => log.warn({ err: { message: error.message } }, 'redis connection error'));
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    // The URL may carry a password: only the reason is reported.
    throw new Error(`Spotter cannot reach Redis at REDIS_URL: ${(error as Error).message}`);
  }
  return redis;
}
