// First, before any package can replace JSON.stringify (native-json.ts says which does).
import './native-json';
import { apiPrefix, requestBodyLimitBytes } from '@spotter/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { IdentityCache } from './auth/identity-cache';
import { loadJwtSecret } from './auth/jwt-secret';
import { createTokens } from './auth/tokens';
import type { Config } from './config';
import type { AppContext } from './context';
import { type Db, openDatabase } from './db/database';
import { listenToIdentityChanges } from './db/identity-changes';
import { migrateToLatest } from './db/migrate';
import { scheduleSearchIndexUpkeep } from './db/search-index-upkeep';
import { apiScope } from './http/api-scope';
import { takeTurnsByConnection } from './http/connection-turns';
import { frameworkErrors, installErrorHandler, installJsonParser } from './http/error-handler';
import { lingerAfterEarlyAnswers } from './http/lingering-close';
import { countPeoplesRequests, PeopleInFlight } from './http/people-in-flight';
import { requestLoggerFactory } from './http/request-logger';
import { systemRoutes } from './http/system';
import { serveWebApp } from './http/web-app';
import { createMailOutbox, type MailOutbox } from './mail/outbox';
import { registerClientApi } from './modules/client-api';
import {
  isFederationPath,
  remoteMediaFileRoutes,
  remoteMediaPathPrefix,
  scheduleRemoteMediaSweep,
  startFederation,
} from './modules/federation';
import {
  createMediaLane,
  createMediaStore,
  type MediaLane,
  mediaFileRoutes,
  mediaRoutePrefix,
  scheduleMediaSweep,
  videoToolsMissing,
} from './modules/media';
import { grantAdmins } from './modules/moderation';
import { announceNewPost, createNotificationHub, NotificationHub } from './modules/notifications';
import { type FanoutQueue, localFanoutQueue, recoverPending, redisFanoutQueue } from './modules/posts';
import { createImportLane, type ImportLane } from './modules/training';
import { restoreNativeJson } from './native-json';
import { makePrivateDir } from './private-files';
import type { BudgetHooks } from './security/rate-limits';
import { requestLogFields } from './security/redact-url';
import { connectRedis } from './security/redis';
import { requestId } from './security/request-id';
import { installSecurityHeaders } from './security/security-headers';
import { seedIfEmpty, servesDemoGuest } from './seed/seed';

declare module 'fastify' {
  interface FastifyInstance {
    /** The fan-out queue, for tests that wait for it (`await app.fanout.idle()`). */
    fanout: FanoutQueue;
    /** The identities kept between requests (PostgreSQL), for tests that wait until it is live. */
    identities: IdentityCache | undefined;
    /** The mail outbox (SMTP_URL), for tests that wait until it has sent (`await app.mail?.idle()`). */
    mail: MailOutbox | undefined;
  }
}

export interface BuildOptions {
  /** Use an already open database (tests share one per file). */
  db?: Db;
  /** Where the JSON log lines go (default: stdout); tests capture them. */
  logStream?: { write(line: string): void };
  /** Sweep stale uploads at start and every hour (default); tests call the sweep themselves. */
  mediaSweep?: boolean;
  /**
   * Merge the SQLite search indexes at start and every so often (default). Off for a second server a
   * test starts in its own process on the same file: its merge holds a write transaction across
   * awaits, and the first server's write, waiting on SQLite's lock in the same thread, keeps it from
   * ever finishing (5 s, then a 500). Two servers in two processes do not share a thread.
   */
  searchUpkeep?: boolean;
  /** The media lane to use (default: one made from the configuration); tests hold it full. */
  mediaLane?: MediaLane;
  /** The import lane to use (default: one made from the configuration); tests hold it full. */
  importLane?: ImportLane;
}

/** Secrets and passwords never reach the logs: at the top of a log object or one level down. */
const secretKeys = [
  'password',
  'currentPassword',
  'newPassword',
  'encodedToken',
  'token',
  'authorization',
  'cookie',
  // Two-factor sign-in (issue 45): the key, its link, the recovery codes. (Not `code`: `err.code`
  // names errors; a typed code is spent once and no body is logged.)
  'secret',
  'otpauthUrl',
  'recoveryCodes',
];
export const logRedactions = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.headers.authorization',
  '*.headers.cookie',
  ...secretKeys,
  ...secretKeys.map((key) => `*.${key}`),
];

/** Builds the whole server (database opened, migrated and seeded); `listen` is the caller's. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  restoreNativeJson();
  makePrivateDir(config.dataDir);
  const videoOff = await videoToolsMissing(config.media);
  const db = options.db ?? openDatabase(config.database);
  await migrateToLatest(db);
  if (config.seed) await seedIfEmpty(db);
  const unknownAdmins = await grantAdmins(db, config.adminUsernames);

  const tokens = createTokens(loadJwtSecret(config.jwtSecret, config.dataDir), config.tokenTtlSeconds);
  const mediaStore = await createMediaStore(config.media.store);
  const mediaLane = options.mediaLane ?? createMediaLane(config.media.lane);
  const importLane = options.importLane ?? createImportLane(config.importLane);

  const timeouts = config.httpTimeouts;
  const app = Fastify({
    requestTimeout: timeouts.requestSeconds * 1000,
    keepAliveTimeout: timeouts.keepAliveSeconds * 1000,
    http: {
      headersTimeout: timeouts.headersSeconds * 1000,
      // Node checks the two timeouts above on this interval (30 s by default): a short headers
      // timeout would otherwise be up to 30 s late.
      connectionsCheckingInterval: Math.min(5_000, timeouts.headersSeconds * 1000),
    },
    logger: {
      level: config.logLevel,
      redact: { paths: logRedactions, censor: '[redacted]' },
      serializers: { req: requestLogFields },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: requestBodyLimitBytes,
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    genReqId: requestId,
    childLoggerFactory: requestLoggerFactory,
    frameworkErrors,
    return503OnClosing: true,
  });
  if (videoOff) app.log.warn(videoOff);
  if (unknownAdmins.length > 0) {
    app.log.warn(
      `ADMIN_USERNAMES names accounts that do not exist (${unknownAdmins.join(', ')}): sign them up, then restart or run npm run admin -- grant <username>.`,
    );
  }
  if (await servesDemoGuest(db, config.host)) {
    app.log.warn(
      `The demo network is loaded and HOST=${config.host} is not a loopback address: anyone who reaches this server can sign in as the demo guest (its password is public). For a public server, start with SEED=false on an empty database.`,
    );
  }
  installJsonParser(app);
  installErrorHandler(app);
  takeTurnsByConnection(app);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  lingerAfterEarlyAnswers(app);
  // People's requests in flight (other servers' are not people's), which received activities and
  // long imports make way for.
  const people = new PeopleInFlight();
  countPeoplesRequests(app, people, (request) => isFederationPath(request.url));
  await installSecurityHeaders(app, config);
  const redis = config.redis
    ? await connectRedis(config.redis.url, app.log).catch(async (error: unknown) => {
        await app.close();
        if (!options.db) await db.close();
        throw error;
      })
    : undefined;
  let notifications = new NotificationHub();
  if (redis) {
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
    // Notifications reach streams held by the other servers through Redis pub/sub (issue 14).
    const hub = await createNotificationHub(config.redis, app.log);
    notifications = hub;
    app.addHook('onClose', async () => hub.close());
  }

  // Once a post is in its followers' timelines, their open streams hear of it (issue 47).
  const afterFanOut = (postId: number) => announceNewPost(db, notifications, postId, app.log);
  const fanout = config.redis
    ? await redisFanoutQueue(db, config.homeTimeline, config.redis, app.log, afterFanOut)
    : localFanoutQueue(db, config.homeTimeline, app.log, afterFanOut);
  // preClose: the last jobs run while the database is still open.
  app.addHook('preClose', () => fanout.close());
  app.decorate('fanout', fanout);
  await recoverPending(db, fanout);
  const identities = keepIdentities(config.database, app);
  app.decorate('identities', identities);
  const mail = config.mail ? createMailOutbox(config.mail, app.log) : undefined;
  // preClose: mails still queued finish while the database is still open.
  if (mail) app.addHook('preClose', () => mail.close());
  app.decorate('mail', mail);
  const ctx: AppContext = {
    config,
    db,
    tokens,
    mediaStore,
    mediaLane,
    people,
    importLane,
    videoUploads: !videoOff,
    fanout,
    notifications,
    identities,
    mail,
  };

  // Before every route: federation requests reach Fedify with their bodies unparsed.
  ctx.outbox = await startFederation(app, ctx);
  systemRoutes(app, ctx);
  let budgets: BudgetHooks | undefined;
  await app.register(
    apiScope(ctx, redis, (hooks) => {
      budgets = hooks;
    }),
    { prefix: apiPrefix },
  );
  // Mastodon's client API and OAuth 2 (issue 50), beside Spotter's own API, in a scope of their own,
  // spending the same budgets.
  await registerClientApi(app, ctx, budgets);
  await app.register(async (files) => mediaFileRoutes(files, ctx), { prefix: mediaRoutePrefix });
  // Remote posts' media and remote avatars, from our origin (decision 101).
  await app.register(async (files) => remoteMediaFileRoutes(files, ctx), { prefix: remoteMediaPathPrefix });
  await serveWebApp(app, config.webDist, ctx);

  const stopSweep = options.mediaSweep === false ? undefined : scheduleMediaSweep(ctx, app.log);
  const stopRemoteSweep = options.mediaSweep === false ? undefined : scheduleRemoteMediaSweep(ctx, app.log);
  const stopSearchUpkeep = options.searchUpkeep === false ? undefined : scheduleSearchIndexUpkeep(db, app.log);
  app.addHook('onClose', async () => {
    await stopSweep?.();
    await stopRemoteSweep?.();
    await stopSearchUpkeep?.();
    mediaStore.close();
  });
  if (!options.db) app.addHook('onClose', () => db.close());
  return app;
}

/**
 * On PostgreSQL, signed-in identities are kept while the server hears the database's notices of
 * their changes (decision 055): from the first LISTEN on, off again whenever that connection is lost.
 */
function keepIdentities(database: Config['database'], app: FastifyInstance): IdentityCache | undefined {
  if (database.kind !== 'postgres') return undefined;
  const identities = new IdentityCache();
  const changes = listenToIdentityChanges(database.url, {
    onListening: () => identities.start(),
    onChange: (userId) => identities.forgetUser(userId),
    onLost: (reason) => {
      identities.stop();
      app.log.warn(
        `Identity notices from PostgreSQL lost (${reason}): every request reads its user until they are heard again.`,
      );
    },
  });
  app.addHook('onClose', async () => {
    await changes.close();
    identities.stop();
  });
  return identities;
}
