import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { DeliveryGuard } from './delivery-guard';
import { isBlockedHost } from './domain-blocks';
import { markExpiredDelivery } from './failing-follows';
import { installFederationHook } from './fastify-hook';
import { buildFederation } from './federation';
import { installInboxGate } from './inbox-gate';
import { inboxIntake } from './inbox-intake';
import { DatabaseKvStore } from './kv-store';
import { DatabaseMessageQueue } from './message-queue';
import { postOutbox } from './outbox';
import { givingWayQueue } from './people-first';
import type { PostOutbox } from './post-outbox';
import { RedisMessageQueue } from './redis-message-queue';

/**
 * With FEDERATION on: Fedify in front of Fastify's routes (before any body is parsed), its queue
 * running from the moment the server is ready until it closes; answers what new posts are handed to.
 */
export async function startFederation(app: FastifyInstance, ctx: AppContext): Promise<PostOutbox | undefined> {
  const config = ctx.config.federation;
  if (!config) return undefined;
  const onError = (error: unknown) => app.log.error({ err: error }, 'A federation task failed.');
  // Two queues (decision 107): received activities, and deliveries out, each with its own listener,
  // so a post's deliveries never wait behind a backlog of received ones. With REDIS_URL they are
  // BullMQ's, shared by every app server; else the database's.
  const redis = ctx.config.redis;
  const redisOutbox = redis ? await RedisMessageQueue.open(redis, { onError }) : undefined;
  const redisInbox = redis ? await RedisMessageQueue.open(redis, { name: 'federation-inbox', onError }) : undefined;
  const kv = new DatabaseKvStore(ctx.db);
  // Every delivery passes the instance block list, the per-host spacing and the 7-day limit (decision 096).
  const outbox = new DeliveryGuard(redisOutbox ?? new DatabaseMessageQueue(ctx.db, { queue: 'outbox', onError }), {
    blocked: (host) => isBlockedHost(ctx.db, host),
    expired: markExpiredDelivery(ctx.db),
    spacingMs: config.deliverySpacingMs ?? 0,
  });
  // Received activities give way to people's requests (counted in app.ts): handled between them, at
  // most a bounded share of the time while they wait (people-first.ts).
  const inbox = givingWayQueue(redisInbox ?? new DatabaseMessageQueue(ctx.db, { queue: 'inbox', onError }), ctx.people);
  const federation = buildFederation(config, { kv, inbox, outbox }, app.log);
  installInboxGate(app, ctx, config.inboxLimitPerHostPerMinute ?? 0);
  // Deliveries signed by keys already known go straight into the inbox queue (decision 112).
  const intake = inboxIntake({
    kv,
    queue: inbox,
    origin: config.origin,
    contextLoader: federation.createContext(new URL(config.origin), ctx).contextLoader,
  });
  installFederationHook(app, federation, config, ctx, intake);
  const stop = new AbortController();
  let running: Promise<void> | undefined;
  // Fedify keeps a record of every activity it has handled, with a time to live: the expired ones
  // nobody reads again are deleted hourly.
  const sweep = setInterval(() => {
    kv.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'Expired federation records not swept.'));
  }, 3_600_000);
  sweep.unref();
  app.addHook('onReady', async () => {
    running = federation.startQueue(ctx, { signal: stop.signal }).catch((error: unknown) => {
      app.log.error({ err: error }, 'The federation queue stopped.');
    });
  });
  // preClose: the message being handled finishes while the database is still open.
  app.addHook('preClose', async () => {
    clearInterval(sweep);
    stop.abort();
    await running;
    await redisInbox?.close();
    await redisOutbox?.close();
  });
  return postOutbox(federation, () => ctx, config.origin, app.log);
}
