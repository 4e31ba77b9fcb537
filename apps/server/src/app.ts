import { requestBodyLimitBytes } from '@spotter/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadJwtSecret } from './auth/jwt-secret';
import { createTokens } from './auth/tokens';
import type { Config } from './config';
import type { AppContext } from './context';
import { type Db, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { installErrorHandler, installJsonParser } from './http/error-handler';
import { noStoreForApi } from './http/no-store';
import { serveWebApp } from './http/web-app';
import { createMediaStore } from './media/store';
import { scheduleMediaSweep } from './media/sweep';
import { checkVideoTools } from './media/video';
import { authRoutes } from './routes/auth';
import { feedRoutes } from './routes/feeds';
import { mediaRoutes } from './routes/media';
import { postRoutes } from './routes/posts';
import { profileRoutes } from './routes/profiles';
import { systemRoutes } from './routes/system';
import { testTodoRoutes } from './routes/test-todos';
import { userRoutes } from './routes/users';
import { seedIfEmpty } from './seed/seed';

export interface BuildOptions {
  /** Use an already open database (tests share one per file). */
  db?: Db;
  /** Sweep stale uploads at start and every hour (default); tests call the sweep themselves. */
  mediaSweep?: boolean;
}

/** Secrets and passwords never reach the logs. */
export const logRedactions = [
  'req.headers.authorization',
  'req.headers.cookie',
  'password',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  'encodedToken',
  '*.encodedToken',
];

/** Builds the whole server (database opened, migrated and seeded); `listen` is the caller's. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  await checkVideoTools(config.media);
  const db = options.db ?? openDatabase(config.database);
  await migrateToLatest(db);
  if (config.seed) await seedIfEmpty(db);

  const ctx: AppContext = {
    config,
    db,
    tokens: createTokens(loadJwtSecret(config.jwtSecret, config.dataDir), config.tokenTtlSeconds),
    mediaStore: await createMediaStore(config.media.store),
  };

  const app = Fastify({
    logger: { level: config.logLevel, redact: { paths: logRedactions, censor: '[redacted]' } },
    bodyLimit: requestBodyLimitBytes,
    trustProxy: config.trustProxy,
    // Request ids: a client's x-request-id is kept for tracing, otherwise Fastify makes one.
    requestIdHeader: 'x-request-id',
    return503OnClosing: true,
  });
  installJsonParser(app);
  installErrorHandler(app);
  noStoreForApi(app);

  systemRoutes(app, ctx);
  authRoutes(app, ctx);
  userRoutes(app, ctx);
  profileRoutes(app, ctx);
  postRoutes(app, ctx);
  feedRoutes(app, ctx);
  await mediaRoutes(app, ctx);
  testTodoRoutes(app, ctx);
  await serveWebApp(app, config.webDist);

  const stopSweep = options.mediaSweep === false ? undefined : scheduleMediaSweep(ctx, app.log);
  app.addHook('onClose', async () => {
    await stopSweep?.();
    ctx.mediaStore.close();
  });
  if (!options.db) app.addHook('onClose', () => db.close());
  return app;
}
