import crypto from 'node:crypto';
import { apiErrors, routes } from '@spotter/contract';
import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ConfigError, envToConfig } from '../src/config';
import { guest, seedPost } from './helpers/seed-data';
import { generousRateLimits, startTestApp, type TestApp, useTestApp } from './helpers/test-app';

const limit = (max: number) => ({ max, windowSeconds: 60 });

const t = useTestApp({
  rateLimits: {
    loginPerIp: limit(3),
    loginPerUser: limit(3),
    signupPerIp: limit(2),
    writesPerUser: limit(3),
    uploadsPerUser: limit(2),
    readsPerUser: limit(6),
    exportsPerUser: limit(1),
    // Counted in email.test.ts, with an SMTP server to send to.
    emailsPerUser: null,
    forgotPasswordPerIp: null,
    forgotPasswordPerUser: null,
    importsPerUser: limit(3),
  },
});

/** Each test calls from its own addresses, so the budgets of one test do not leak into another. */
let nextIp = 1;
const freshIp = () => `198.51.100.${nextIp++}`;

interface From {
  ip: string;
  token?: string;
  body?: unknown;
}

function callFrom(app: TestApp, method: 'GET' | 'POST' | 'DELETE', url: string, from: From) {
  return app.app.inject({
    method,
    url,
    remoteAddress: from.ip,
    headers: {
      ...(from.token ? { authorization: from.token } : {}),
      ...(from.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(from.body !== undefined ? { payload: JSON.stringify(from.body) } : {}),
  });
}

function expectTooMany(res: LightMyRequestResponse, windowSeconds = 60) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ errors: [apiErrors.tooManyRequests] });
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

async function signupFrom(app: TestApp, username: string, password = 'a-long-enough-password') {
  const res = await callFrom(app, 'POST', routes.signup.path, {
    ip: freshIp(),
    body: { firstname: 'Rate', lastname: 'Limit', username, password },
  });
  expect(res.statusCode).toBe(201);
  return { token: res.json().encodedToken as string, userId: res.json().createdUser._id as string };
}

describe('login attempts', () => {
  it('are limited per IP: the 4th attempt in a minute from one address gets 429 and Retry-After', async () => {
    const ip = freshIp();
    for (const username of ['guest', 'maya_lifts', 'nobody_at_all']) {
      const res = await callFrom(t(), 'POST', routes.login.path, { ip, body: { username, password: 'wrong' } });
      expect([401, 404]).toContain(res.statusCode);
    }
    // Even the right password is not checked once the budget is spent.
    expectTooMany(await callFrom(t(), 'POST', routes.login.path, { ip, body: guest }));
    // Another address still logs in.
    expect((await callFrom(t(), 'POST', routes.login.path, { ip: freshIp(), body: guest })).statusCode).toBe(200);
  });

  it('are limited per username whatever the address and the letter case', async () => {
    await signupFrom(t(), 'target_user', 'the-real-password');
    for (const username of ['target_user', 'TARGET_USER', ' Target_User ']) {
      const res = await callFrom(t(), 'POST', routes.login.path, {
        ip: freshIp(),
        body: { username, password: 'a guess' },
      });
      expect(res.statusCode).not.toBe(429);
    }
    const blocked = await callFrom(t(), 'POST', routes.login.path, {
      ip: freshIp(),
      body: { username: 'target_user', password: 'the-real-password' },
    });
    expectTooMany(blocked);
    // Other people are not locked out by it.
    expect((await callFrom(t(), 'POST', routes.login.path, { ip: freshIp(), body: guest })).statusCode).toBe(200);
  });

  it('share the per-username budget with password changes, so a stolen token cannot guess the password', async () => {
    const { token } = await signupFrom(t(), 'pw_guess_target', 'the-real-password');
    for (let i = 0; i < 3; i++) {
      const res = await callFrom(t(), 'POST', routes.changePassword.path, {
        ip: freshIp(),
        token,
        body: { currentPassword: `guess-${i}`, newPassword: 'stolen-account-pw' },
      });
      expect(res.statusCode).toBe(400);
    }
    expectTooMany(
      await callFrom(t(), 'POST', routes.login.path, {
        ip: freshIp(),
        body: { username: 'pw_guess_target', password: 'the-real-password' },
      }),
    );
  });
});

describe('sign-ups', () => {
  it('are limited per IP, and the refused one creates nobody', async () => {
    const ip = freshIp();
    const signup = (username: string) =>
      callFrom(t(), 'POST', routes.signup.path, {
        ip,
        body: { firstname: 'Bot', lastname: 'Farm', username, password: 'a-long-enough-password' },
      });
    expect((await signup('farm_bot_1')).statusCode).toBe(201);
    expect((await signup('farm_bot_2')).statusCode).toBe(201);
    expectTooMany(await signup('farm_bot_3'));
    expect((await callFrom(t(), 'GET', '/api/users/profile/farm_bot_3', { ip })).statusCode).toBe(404);
    expect((await callFrom(t(), 'GET', '/api/users/profile/farm_bot_2', { ip })).statusCode).toBe(200);
  });
});

describe('writes', () => {
  const postCount = async (username: string) =>
    (await callFrom(t(), 'GET', `/api/posts/user/${username}`, { ip: freshIp() })).json().posts.length as number;

  it('are limited per user: the 4th write is refused and changes nothing; reads and other users go on', async () => {
    const ip = freshIp();
    const a = await signupFrom(t(), 'busy_writer');
    const b = await signupFrom(t(), 'calm_writer');
    const post = (token: string, content: string) =>
      callFrom(t(), 'POST', routes.createPost.path, { ip, token, body: { postData: { content } } });
    expect((await post(a.token, 'one')).statusCode).toBe(201);
    expect(
      (await callFrom(t(), 'POST', `/api/posts/like/${seedPost('maya-pr').id}`, { ip, token: a.token })).statusCode,
    ).toBe(201);
    expect((await post(a.token, 'two')).statusCode).toBe(201);
    expectTooMany(await post(a.token, 'three'));
    expect(await postCount('busy_writer')).toBe(2);
    // Reads are not writes; another user on the same address has their own budget.
    expect((await callFrom(t(), 'GET', routes.getBookmarks.path, { ip, token: a.token })).statusCode).toBe(200);
    expect((await post(b.token, 'hello')).statusCode).toBe(201);
  });

  it('without a token are counted per IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      const res = await callFrom(t(), 'POST', '/api/test-todos', { ip, body: { title: `todo ${i}` } });
      expect(res.statusCode).not.toBe(429);
    }
    expectTooMany(await callFrom(t(), 'POST', '/api/test-todos', { ip, body: { title: 'one too many' } }));
  });
});

describe('reads', () => {
  it('have a generous budget per user, else per IP: past it a read gets 429; other readers go on', async () => {
    const ip = freshIp();
    const read = (from: From) => callFrom(t(), 'GET', '/api/posts?limit=5', from);
    for (let i = 0; i < 6; i++) expect((await read({ ip })).statusCode).toBe(200);
    expectTooMany(await read({ ip }));
    // A signed-in person on the same address reads on their own budget, and so does another address.
    const reader = await signupFrom(t(), 'keen_reader');
    expect((await read({ ip, token: reader.token })).statusCode).toBe(200);
    expect((await read({ ip: freshIp() })).statusCode).toBe(200);
    // Writes are counted apart.
    const body = { postData: { content: 'still writing' } };
    expect((await callFrom(t(), 'POST', routes.createPost.path, { ip, token: reader.token, body })).statusCode).toBe(
      201,
    );
  });
});

describe('uploads', () => {
  it('are limited per user on /api/media, apart from other writes', async () => {
    const ip = freshIp();
    const { token } = await signupFrom(t(), 'uploader');
    const upload = () =>
      t().app.inject({
        method: 'POST',
        url: routes.uploadMedia.path,
        remoteAddress: ip,
        headers: { authorization: token, 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x--\r\n',
      });
    for (let i = 0; i < 2; i++) expect((await upload()).statusCode).not.toBe(429);
    expectTooMany(await upload());
    // The writes budget (3) is untouched by the uploads.
    for (let i = 0; i < 3; i++) {
      const res = await callFrom(t(), 'POST', routes.createPost.path, {
        ip,
        token,
        body: { postData: { content: `post ${i}` } },
      });
      expect(res.statusCode).toBe(201);
    }
  });
});

describe('imports', () => {
  it('have their own budget per user, apart from uploads and other writes (issue 45, finding 3)', async () => {
    const ip = freshIp();
    const { token } = await signupFrom(t(), 'importer');
    const send = (url: string) =>
      t().app.inject({
        method: 'POST',
        url,
        remoteAddress: ip,
        headers: { authorization: token, 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x--\r\n',
      });
    // The uploads budget (2) spent first: imports do not count against it, nor it against them.
    for (let i = 0; i < 2; i++) expect((await send(routes.uploadMedia.path)).statusCode).not.toBe(429);
    expectTooMany(await send(routes.uploadMedia.path));
    for (let i = 0; i < 3; i++) expect((await send(routes.importWorkouts.path)).statusCode).toBe(400);
    expectTooMany(await send(routes.importWorkouts.path));
    // Another person's imports are counted apart.
    const other = await signupFrom(t(), 'other_importer');
    const res = await t().app.inject({
      method: 'POST',
      url: routes.importWorkouts.path,
      remoteAddress: ip,
      headers: { authorization: other.token, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('a budget', () => {
  it('comes back when its window has passed', async () => {
    const { testApp, db } = await startTestApp({
      rateLimits: { ...generousRateLimits, loginPerIp: { max: 1, windowSeconds: 1 } },
    });
    try {
      const ip = freshIp();
      expect((await callFrom(testApp, 'POST', routes.login.path, { ip, body: guest })).statusCode).toBe(200);
      expectTooMany(await callFrom(testApp, 'POST', routes.login.path, { ip, body: guest }), 1);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await callFrom(testApp, 'POST', routes.login.path, { ip, body: guest })).statusCode).toBe(200);
    } finally {
      await testApp.app.close();
      await db.drop();
    }
  });
});

describe('with REDIS_URL', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `spotter-test-${crypto.randomBytes(6).toString('hex')}:`;
  const redis = new Redis(redisUrl, { lazyConnect: true });

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('two app servers share one budget', async () => {
    const rateLimits = { ...generousRateLimits, loginPerIp: limit(4) };
    const one = await startTestApp({ redis: { url: redisUrl, prefix }, rateLimits });
    const two = await startTestApp({ redis: { url: redisUrl, prefix }, rateLimits });
    try {
      const ip = freshIp();
      const login = (app: TestApp) => callFrom(app, 'POST', routes.login.path, { ip, body: guest });
      for (const app of [one.testApp, two.testApp, one.testApp, two.testApp])
        expect((await login(app)).statusCode).toBe(200);
      expectTooMany(await login(one.testApp));
      expectTooMany(await login(two.testApp));
      expect(await redis.keys(`${prefix}rate:*loginPerIp:ip:*`)).toHaveLength(1);
    } finally {
      for (const started of [one, two]) {
        await started.testApp.app.close();
        await started.db.drop();
      }
    }
  });

  it('in memory (no REDIS_URL) each server counts for itself', async () => {
    const rateLimits = { ...generousRateLimits, loginPerIp: limit(1) };
    const one = await startTestApp({ rateLimits });
    const two = await startTestApp({ rateLimits });
    try {
      const ip = freshIp();
      expect((await callFrom(one.testApp, 'POST', routes.login.path, { ip, body: guest })).statusCode).toBe(200);
      expect((await callFrom(two.testApp, 'POST', routes.login.path, { ip, body: guest })).statusCode).toBe(200);
    } finally {
      for (const started of [one, two]) {
        await started.testApp.app.close();
        await started.db.drop();
      }
    }
  });

  it('refuses to start when Redis cannot be reached, saying so without the URL', async () => {
    const config = {
      ...envToConfig({ DATA_DIR: t().config.dataDir, SEED: 'false', LOG_LEVEL: 'silent' }),
      database: t().config.database,
      redis: { url: 'redis://:hunter2-secret@127.0.0.1:3349', prefix },
    };
    const error = await buildApp(config, { db: t().db }).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/^Spotter cannot reach Redis at REDIS_URL/);
    expect(error?.message).not.toContain('hunter2');
  });
});

describe('configuration', () => {
  it('reads every limit from the environment: count/window or off, defaults otherwise', () => {
    const config = envToConfig({
      RATE_LIMIT_LOGIN_IP: '5/30s',
      RATE_LIMIT_LOGIN_USER: '20 / 2h',
      RATE_LIMIT_SIGNUP_IP: 'off',
      RATE_LIMIT_UPLOADS: '7/120',
      RATE_LIMIT_IMPORTS: '2/1d',
    });
    expect(config.rateLimits).toEqual({
      loginPerIp: { max: 5, windowSeconds: 30 },
      loginPerUser: { max: 20, windowSeconds: 7200 },
      signupPerIp: null,
      writesPerUser: { max: 120, windowSeconds: 60 },
      uploadsPerUser: { max: 7, windowSeconds: 120 },
      readsPerUser: { max: 600, windowSeconds: 60 },
      exportsPerUser: { max: 5, windowSeconds: 3600 },
      emailsPerUser: { max: 5, windowSeconds: 3600 },
      forgotPasswordPerIp: { max: 10, windowSeconds: 3600 },
      forgotPasswordPerUser: { max: 3, windowSeconds: 3600 },
      importsPerUser: { max: 2, windowSeconds: 86_400 },
    });
    expect(envToConfig({}).rateLimits).toEqual({
      loginPerIp: { max: 10, windowSeconds: 60 },
      loginPerUser: { max: 30, windowSeconds: 60 },
      signupPerIp: { max: 10, windowSeconds: 3600 },
      writesPerUser: { max: 120, windowSeconds: 60 },
      uploadsPerUser: { max: 60, windowSeconds: 3600 },
      readsPerUser: { max: 600, windowSeconds: 60 },
      exportsPerUser: { max: 5, windowSeconds: 3600 },
      emailsPerUser: { max: 5, windowSeconds: 3600 },
      forgotPasswordPerIp: { max: 10, windowSeconds: 3600 },
      forgotPasswordPerUser: { max: 3, windowSeconds: 3600 },
      importsPerUser: { max: 10, windowSeconds: 3600 },
    });
    expect(envToConfig({ RATE_LIMIT_READS: '50/10s' }).rateLimits.readsPerUser).toEqual({ max: 50, windowSeconds: 10 });
    expect(Object.values(envToConfig({ RATE_LIMITS: 'false' }).rateLimits)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(envToConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redis).toEqual({
      url: 'redis://127.0.0.1:6379',
      prefix: 'spotter:',
    });
  });

  it('stops with a sentence naming a bad limit', () => {
    for (const bad of ['ten a minute', '0/1m', '5/0s', '5']) {
      expect(() => envToConfig({ RATE_LIMIT_WRITES: bad })).toThrow(ConfigError);
      expect(() => envToConfig({ RATE_LIMIT_WRITES: bad })).toThrow(/RATE_LIMIT_WRITES: must be a count per window/);
    }
    expect(() => envToConfig({ REDIS_URL: 'http://x' })).toThrow(/REDIS_URL/);
  });
});
