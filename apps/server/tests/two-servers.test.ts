import crypto from 'node:crypto';
import { postPageSchema } from '@spotter/contract/schemas';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './helpers/eventually';
import { freePort, type ServerProcess, startServerProcess } from './helpers/server-process';
import { createTestDatabase, type TestDatabase } from './helpers/test-db';

/**
 * Issue 13, item 6: two server processes on one PostgreSQL database and one Redis behave as one
 * server (whatever TEST_DB says: several servers need PostgreSQL). Fan-out runs on the shared
 * BullMQ queue, so a post made on A may be fanned out by B.
 */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `spotter-test-${crypto.randomBytes(6).toString('hex')}:`;
const writesPerMinute = 40;

let db: TestDatabase;
const servers: ServerProcess[] = [];
const a = () => servers[0] as ServerProcess;
const b = () => servers[1] as ServerProcess;

beforeAll(async () => {
  db = await createTestDatabase('postgres');
  if (db.database.kind !== 'postgres') throw new Error('postgres expected');
  for (let i = 0; i < 2; i++) {
    servers.push(
      await startServerProcess({
        port: await freePort(),
        dataDir: db.dataDir,
        databaseUrl: db.database.url,
        env: {
          JWT_SECRET: 'two-servers-share-this-secret-of-32-characters',
          REDIS_URL: redisUrl,
          REDIS_PREFIX: prefix,
          RATE_LIMITS: 'true',
          RATE_LIMIT_SIGNUP_IP: '100/1m',
          RATE_LIMIT_WRITES: `${writesPerMinute}/1m`,
        },
      }),
    );
  }
}, 120_000);

afterAll(async () => {
  for (const server of servers) await server.stop();
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  await db?.drop();
});

/** The parts of the answers this test reads. */
interface Answer {
  encodedToken: string;
  createdUser: { _id: string };
  post: { _id: string };
}

async function call(server: ServerProcess, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: token } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      prefer: 'return=minimal',
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json()) as Answer };
}

async function signup(server: ServerProcess, username: string) {
  const res = await call(server, 'POST', '/api/auth/signup', undefined, {
    firstname: 'Two',
    lastname: 'Servers',
    username,
    password: 'correct horse battery',
  });
  expect(res.status).toBe(201);
  return { token: res.json.encodedToken, userId: res.json.createdUser._id };
}

const feed = async (server: ServerProcess, token: string) =>
  postPageSchema.parse((await call(server, 'GET', '/api/feed?limit=10', token)).json).posts;

/** Waits (a bounded number of rounds) until no post waits for its fan-out: the queue was worked. */
async function fannedOut() {
  const client = new pg.Client({ connectionString: db.database.kind === 'postgres' ? db.database.url : '' });
  await client.connect();
  try {
    for (let round = 0; round < 200; round++) {
      const { rows } = await client.query('select count(*)::int as n from fanout_pending');
      if (rows[0].n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the fan-out queue was never worked');
  } finally {
    await client.end();
  }
}

describe('two servers, one PostgreSQL, one Redis', () => {
  it("a post made on A is in a follower's feed read on B, before and after its fan-out", async () => {
    const writer = await signup(a(), 'two_writer');
    const reader = await signup(b(), 'two_reader');
    expect((await call(b(), 'POST', `/api/users/follow/${writer.userId}`, reader.token)).status).toBe(200);
    const made = await call(a(), 'POST', '/api/posts', writer.token, { postData: { content: 'made on A' } });
    expect(made.status).toBe(201);
    const postId = made.json.post._id;
    expect((await feed(b(), reader.token)).map((p) => p._id)).toContain(postId);
    await fannedOut();
    const client = new pg.Client({ connectionString: db.database.kind === 'postgres' ? db.database.url : '' });
    await client.connect();
    const { rows } = await client
      .query(
        `select count(*)::int as n from home_timeline h join posts p on p.id = h.post_id
         join users u on u.id = h.viewer_id where p.public_id = $1 and u.public_id = $2`,
        [postId, reader.userId],
      )
      .finally(() => client.end());
    expect(rows[0].n).toBe(1);
    expect((await feed(b(), reader.token)).map((p) => p._id)).toEqual([postId]);
  });

  it('a like on B shows on A at once', async () => {
    const writer = await signup(a(), 'two_liked');
    const fan = await signup(a(), 'two_fan');
    const made = await call(a(), 'POST', '/api/posts', writer.token, { postData: { content: 'like me' } });
    const postId = made.json.post._id;
    expect((await call(b(), 'POST', `/api/posts/like/${postId}`, fan.token)).status).toBe(201);
    const onA = postPageSchema.parse((await call(a(), 'GET', '/api/posts?limit=5', fan.token)).json).posts;
    const card = onA.find((p) => p._id === postId);
    expect(card?.likeCount).toBe(1);
    expect(card?.likedByMe).toBe(true);
  });

  it("a card cached on A is rebuilt at once when B changes its post or its author's name", async () => {
    const writer = await signup(a(), 'two_cached');
    const reader = await signup(a(), 'two_cache_reader');
    const made = await call(a(), 'POST', '/api/posts', writer.token, { postData: { content: 'first words' } });
    const postId = made.json.post._id;
    const cardOnA = async () =>
      postPageSchema
        .parse((await call(a(), 'GET', `/api/posts/user/two_cached?limit=5`, reader.token)).json)
        .posts.find((p) => p._id === postId);
    expect((await cardOnA())?.content).toBe('first words');
    const edit = { postData: { content: 'edited on B' } };
    expect((await call(b(), 'POST', `/api/posts/edit/${postId}`, writer.token, edit)).status).toBe(201);
    expect((await call(b(), 'POST', `/api/posts/like/${postId}`, reader.token)).status).toBe(201);
    const changed = await cardOnA();
    expect(changed).toMatchObject({ content: 'edited on B', likeCount: 1, likedByMe: true });
    const rename = { userData: { firstname: 'Renamed' } };
    expect((await call(b(), 'POST', '/api/users/edit', writer.token, rename)).status).toBe(201);
    expect((await cardOnA())?.author.firstname).toBe('Renamed');
  });

  it('a password changed on A: its new token works on B at once, the old one and a logout end on B', async () => {
    const person = await signup(a(), 'two_sessions');
    const bookmarks = (token: string) => call(b(), 'GET', '/api/users/bookmark', token);
    // B reads the token's identity once and keeps it (decision 055).
    expect((await bookmarks(person.token)).status).toBe(200);
    const changed = await call(a(), 'POST', '/api/users/password', person.token, {
      currentPassword: 'correct horse battery',
      newPassword: 'another horse battery',
    });
    expect(changed.status).toBe(200);
    const fresh = changed.json.encodedToken;
    // Newer than what B keeps: read again, not refused, even before B hears of the change.
    expect((await bookmarks(fresh)).status).toBe(200);
    expect(await eventually(async () => (await bookmarks(person.token)).status === 401)).toBe(true);
    expect((await call(a(), 'POST', '/api/auth/logout', fresh)).status).toBe(200);
    expect(await eventually(async () => (await bookmarks(fresh)).status === 401)).toBe(true);
  });

  it('rate limits are shared: writes on A and B draw on one budget', async () => {
    const busy = await signup(a(), 'two_busy');
    let accepted = 0;
    for (let i = 0; i < writesPerMinute + 5; i++) {
      const server = i % 2 === 0 ? a() : b();
      const res = await call(server, 'POST', '/api/posts', busy.token, { postData: { content: `write ${i}` } });
      if (res.status === 201) accepted++;
      else expect(res.status).toBe(429);
    }
    // Earlier tests' writes from the same user do not count: this user is new. Signups are not writes.
    expect(accepted).toBe(writesPerMinute);
  });
});
