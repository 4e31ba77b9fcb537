import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { notificationStreamPath } from '@spotter/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from './helpers/event-stream';
import { freePort, type ServerProcess, startServerProcess } from './helpers/server-process';
import { useTestApp } from './helpers/test-app';
import { postgresAdminUrl } from './helpers/test-db';

const t = useTestApp({ notificationHeartbeatSeconds: 0.2 });
let base = '';

beforeAll(async () => {
  base = await t().app.listen({ host: '127.0.0.1', port: 0 });
});

const newPost = async (token: string) =>
  (
    await t().call('POST', '/api/posts', {
      token,
      body: { postData: { content: 'Stream me' } },
      headers: { prefer: 'return=minimal' },
    })
  ).json().post._id as string;

describe('GET /api/notifications/stream on one server', () => {
  it('refuses a missing or bad token with 401 JSON', async () => {
    const res = await fetch(`${base}${notificationStreamPath}`, { headers: { authorization: 'nope' } });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { errors: string[] }).errors).toHaveLength(1);
  });

  it('sends a notification event with the entry and the unread count, and heartbeats', async () => {
    const a = await t().signup('s_author');
    const b = await t().signup('s_fan');
    const postId = await newPost(a.token);
    const stream = await openEventStream(`${base}${notificationStreamPath}`, { authorization: a.token });
    try {
      expect(stream.status).toBe(200);
      await stream.waitFor(/: connected/);
      await t().call('POST', `/api/posts/like/${postId}`, { token: b.token });
      await stream.waitFor(/event: notification\ndata: .*\n\n/);
      const [event] = stream.events();
      expect(event?.unreadCount).toBe(1);
      expect(event?.notification).toMatchObject({ type: 'like', actorCount: 1, post: { _id: postId } });
      expect(event?.notification.actors[0]?.username).toBe('s_fan');
      await stream.waitFor(/: heartbeat/);
    } finally {
      stream.close();
    }
  });

  it('resumes after a reconnect: Last-Event-ID replays what was missed', async () => {
    const a = await t().signup('s_resume');
    const b = await t().signup('s_resume_fan');
    const first = await openEventStream(`${base}${notificationStreamPath}`, { authorization: a.token });
    await first.waitFor(/: connected/);
    await t().call('POST', `/api/users/follow/${a.userId}`, { token: b.token });
    const id = (await first.waitFor(/id: \S+/)).slice(4);
    first.close();
    const postId = await newPost(a.token);
    await t().call('POST', `/api/posts/like/${postId}`, { token: b.token });
    const again = await openEventStream(`${base}${notificationStreamPath}`, {
      authorization: a.token,
      'last-event-id': id,
    });
    try {
      await again.waitFor(/event: notification/);
      expect(again.events().map((e) => e.notification.type)).toEqual(['like']);
    } finally {
      again.close();
    }
  });

  it('sends an unread event, with no id, when a like is taken back, an unfollow, and everything read elsewhere', async () => {
    const a = await t().signup('s_count');
    const b = await t().signup('s_count_fan');
    const postId = await newPost(a.token);
    await t().call('POST', `/api/posts/like/${postId}`, { token: b.token });
    await t().call('POST', `/api/users/follow/${a.userId}`, { token: b.token });
    const stream = await openEventStream(`${base}${notificationStreamPath}`, { authorization: a.token });
    try {
      await stream.waitFor(/: connected/);
      await t().call('POST', `/api/posts/dislike/${postId}`, { token: b.token });
      expect(await stream.waitFor(/event: unread\ndata: .*\n\n/)).toBe('event: unread\ndata: {"unreadCount":1}\n\n');
      await t().call('POST', `/api/users/unfollow/${a.userId}`, { token: b.token });
      await stream.waitFor(/event: unread\ndata: \{"unreadCount":0\}\n\n/);
      // A new entry, then everything read from another client: the open stream hears 0.
      await t().call('POST', `/api/posts/like/${postId}`, { token: b.token });
      await stream.waitFor(/event: notification\n/);
      await t().call('POST', '/api/notifications/read', { token: a.token });
      await stream.waitFor(/event: notification\n[\s\S]*event: unread\ndata: \{"unreadCount":0\}\n\n/);
      expect(stream.text()).not.toMatch(/id: [^\n]*\nevent: unread/);
      // Taking back a like the author was not told of (their own post) sends nothing: the next event
      // heard is the entry of b's like after it, with still three unread events before it.
      const own = await newPost(a.token);
      await t().call('POST', `/api/posts/like/${own}`, { token: a.token });
      await t().call('POST', `/api/posts/dislike/${own}`, { token: a.token });
      await t().call('POST', `/api/posts/like/${own}`, { token: b.token });
      await stream.waitFor(/(event: notification\n[\s\S]*){2}/);
      expect(stream.text().match(/event: unread/g)).toHaveLength(3);
    } finally {
      stream.close();
    }
  });
});

describe('across two server processes on one PostgreSQL and Redis', () => {
  const name = `spotter_test_stream_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-stream-'));
  const servers: ServerProcess[] = [];

  afterAll(async () => {
    for (const server of servers) await server.stop();
    const admin = new pg.Client({ connectionString: postgresAdminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a like on one server reaches a stream held by the other', async () => {
    const admin = new pg.Client({ connectionString: postgresAdminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(postgresAdminUrl);
    url.pathname = `/${name}`;
    const env = {
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `spotter-test-${crypto.randomBytes(6).toString('hex')}:`,
      JWT_SECRET: 'stream-test-secret-of-at-least-thirty-two-characters',
    };
    for (let i = 0; i < 2; i++) {
      servers.push(await startServerProcess({ port: await freePort(), dataDir, databaseUrl: url.toString(), env }));
    }
    const [one, two] = servers as [ServerProcess, ServerProcess];
    const json = async (server: ServerProcess, pathname: string, body: unknown, token?: string) => {
      const res = await fetch(`${server.url}${pathname}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          prefer: 'return=minimal',
          ...(token ? { authorization: token } : {}),
        },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { encodedToken: string; post: { _id: string } };
    };
    const signup = (username: string) =>
      json(one, '/api/auth/signup', { firstname: 'S', lastname: 'T', username, password: 'correct horse battery' });
    const a = await signup('x_author');
    const b = await signup('x_fan');
    const post = await json(one, '/api/posts', { postData: { content: 'across' } }, a.encodedToken);
    const stream = await openEventStream(`${two.url}${notificationStreamPath}`, { authorization: a.encodedToken });
    try {
      await stream.waitFor(/: connected/);
      await fetch(`${one.url}/api/posts/like/${post.post._id}`, {
        method: 'POST',
        headers: { authorization: b.encodedToken },
      });
      await stream.waitFor(/event: notification/);
      expect(stream.events()[0]?.notification).toMatchObject({ type: 'like', post: { _id: post.post._id } });
    } finally {
      stream.close();
    }
    // Two server processes start (and migrate) first: slow on a busy machine.
  }, 180_000);
});
