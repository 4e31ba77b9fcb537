import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { installFederationHook } from './fastify-hook';
import { buildFederation } from './federation';
import { DatabaseKvStore } from './kv-store';
import { DatabaseMessageQueue } from './message-queue';
import { postOutbox } from './outbox';
import type { PostOutbox } from './post-outbox';

/**
 * With FEDERATION on: Fedify in front of Fastify's routes (before any body is parsed), its queue
 * running from the moment the server is ready until it closes; answers what new posts are handed to.
 */
export function startFederation(app: FastifyInstance, ctx: AppContext): PostOutbox | undefined {
  const config = ctx.config.federation;
  if (!config) return undefined;
  const federation = buildFederation(
    config,
    {
      kv: new DatabaseKvStore(ctx.db),
      queue: new DatabaseMessageQueue(ctx.db, {
        onError: (error) => app.log.error({ err: error }, 'A federation task failed.'),
      }),
    },
    app.log,
  );
  installFederationHook(app, federation, config, ctx);
  const stop = new AbortController();
  let running: Promise<void> | undefined;
  app.addHook('onReady', async () => {
    running = federation.startQueue(ctx, { signal: stop.signal }).catch((error: unknown) => {
      app.log.error({ err: error }, 'The federation queue stopped.');
    });
  });
  // preClose: the message being handled finishes while the database is still open.
  app.addHook('preClose', async () => {
    stop.abort();
    await running;
  });
  return postOutbox(federation, () => ctx, config.origin, app.log);
}
