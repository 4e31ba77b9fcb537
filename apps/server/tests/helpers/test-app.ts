import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type BuildOptions, buildApp } from '../../src/app';
import { type Config, envToConfig, type RateLimits } from '../../src/config';
import { type Db, openDatabase } from '../../src/db/database';
import { planTestDatabase, type TestDatabase } from './test-db';
import { testVideoTools } from './video-tools';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** The app's own database handle, for reading back what a request stored. */
  db: Db;
  /** The signing secret, for forging tokens in tests of token checks. */
  jwtSecret: Uint8Array;
  /** Sends a request; `token` goes raw in the authorization header as the spec's client does. */
  call(method: InjectOptions['method'], url: string, options?: CallOptions): Promise<LightMyRequestResponse>;
  login(username: string, password: string): Promise<{ token: string; userId: string }>;
  signup(username: string, password?: string): Promise<{ token: string; userId: string }>;
}

/** A person a test signed up, as the tests keep them: their token, public id and username. */
export interface Person {
  token: string;
  userId: string;
  username: string;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Budgets no ordinary test file reaches; tests of the limits themselves pass their own. */
export const generousRateLimits: RateLimits = {
  loginPerIp: { max: 1_000_000, windowSeconds: 60 },
  loginPerUser: { max: 1_000_000, windowSeconds: 60 },
  signupPerIp: { max: 1_000_000, windowSeconds: 60 },
  writesPerUser: { max: 1_000_000, windowSeconds: 60 },
  uploadsPerUser: { max: 1_000_000, windowSeconds: 60 },
  readsPerUser: { max: 1_000_000, windowSeconds: 60 },
  exportsPerUser: { max: 1_000_000, windowSeconds: 60 },
  emailsPerUser: { max: 1_000_000, windowSeconds: 60 },
  forgotPasswordPerIp: { max: 1_000_000, windowSeconds: 60 },
  forgotPasswordPerUser: { max: 1_000_000, windowSeconds: 60 },
  importsPerUser: { max: 1_000_000, windowSeconds: 60 },
};

/** Changes to the test configuration: fixed values, or computed from the defaults (paths in DATA_DIR). */
export type ConfigOverrides = Partial<Config> | ((defaults: Config) => Partial<Config>);

export interface StartOptions extends Omit<BuildOptions, 'db'> {
  /** Stands between the app and its database (e.g. to record every query). */
  wrapDb?: (db: Db) => Db;
  /** Runs on the opened database before the app is built (and migrates it): e.g. an older release's data. */
  beforeBuild?: (db: Db) => Promise<void>;
  /** The engine, whatever TEST_DB says (a file about PostgreSQL alone). */
  engine?: 'sqlite' | 'postgres';
}

export async function startTestApp(
  overrides: ConfigOverrides = {},
  options: StartOptions = {},
): Promise<{ testApp: TestApp; db: TestDatabase }> {
  const db = planTestDatabase(options.engine);
  const jwtSecret = 'test-secret-of-at-least-thirty-two-characters';
  const defaults: Config = {
    ...envToConfig({
      DATA_DIR: db.dataDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: jwtSecret,
      FFMPEG_PATH: testVideoTools.ffmpegPath,
      FFPROBE_PATH: testVideoTools.ffprobePath,
    }),
    database: db.database,
    rateLimits: generousRateLimits,
  };
  const config: Config = { ...defaults, ...(typeof overrides === 'function' ? overrides(defaults) : overrides) };
  // A seeded app starts on a copy of the run's seeded database (decision 092); one given older data
  // to migrate, or with SEED off, on an empty one.
  await db.create(config.seed && !options.beforeBuild ? 'seeded' : 'empty');
  const { wrapDb, beforeBuild, engine: _engine, ...buildOptions } = options;
  const opened = openDatabase(config.database);
  await beforeBuild?.(opened);
  const database = wrapDb ? wrapDb(opened) : opened;
  const app = await buildApp(config, { ...buildOptions, db: database });
  app.addHook('onClose', () => opened.close());
  const call: TestApp['call'] = (method, url, options = {}) =>
    app.inject({
      method,
      url,
      headers: {
        ...(options.token ? { authorization: options.token } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
    });
  const testApp: TestApp = {
    app,
    config,
    db: database,
    jwtSecret: new TextEncoder().encode(jwtSecret),
    call,
    async login(username, password) {
      const res = await call('POST', '/api/auth/login', { body: { username, password } });
      if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
      const body = res.json();
      return { token: body.encodedToken, userId: body.foundUser._id };
    },
    async signup(username, password = 'correct horse battery') {
      const res = await call('POST', '/api/auth/signup', {
        body: { firstname: 'Test', lastname: username, username, password },
      });
      if (res.statusCode !== 201) throw new Error(`signup ${username} failed: ${res.statusCode} ${res.body}`);
      const body = res.json();
      return { token: body.encodedToken, userId: body.createdUser._id };
    },
  };
  return { testApp, db };
}

/** One app and one fresh database for the whole test file, closed and dropped afterwards. */
export function useTestApp(overrides: ConfigOverrides = {}, options: StartOptions = {}): () => TestApp {
  let started: Awaited<ReturnType<typeof startTestApp>> | undefined;
  beforeAll(async () => {
    started = await startTestApp(overrides, options);
  });
  afterAll(async () => {
    await started?.testApp.app.close();
    await started?.db.drop();
  });
  return () => {
    if (!started) throw new Error('the test app is not started yet');
    return started.testApp;
  };
}
