import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { notificationStreamPath } from '@spotter/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin-cli';
import { type EventStreamReader, openEventStream } from './helpers/event-stream';
import { freePort, postJson, type ServerProcess, startServerProcess } from './helpers/server-process';
import { useTestApp } from './helpers/test-app';
import { postgresAdminUrl } from './helpers/test-db';

const t = useTestApp({ notificationHeartbeatSeconds: 0.2 });
let base = '';

beforeAll(async () => {
  base = await t().app.listen({ host: '127.0.0.1', port: 0 });
});

/**
 * The `unread` event an action makes the stream hear: the events are counted before the action,
 * since its event may arrive before its answer does.
 */
const unreadHeardAfter = (stream: EventStreamReader) => {
  const unreadEvents = () => stream.text().match(/event: unread\ndata: .*\n\n/g) ?? [];
  return async (action: () => Promise<unknown>) => {
    const seen = unreadEvents().length;
    await action();
    await stream.waitFor(new RegExp(`((event: unread\\ndata: .*\\n\\n)[\\s\\S]*){${seen + 1}}`));
    return unreadEvents().at(-1);
  };
};
const count = (n: number) => `event: unread\ndata: {"unreadCount":${n}}\n\n`;

/** Issue 14: "the SSE stream delivers within 1 s" (the one timed requirement; no other test is timed). */
const deliveryBound = 1000;

/**
 * How long after an action's answer its stream holds `nth` notification events: the wait fails past
 * the bound. An event that came before the answer counts as 0 ms.
 */
const msFromAnswer = async <T>(stream: EventStreamReader, nth: number, action: () => Promise<T>) => {
  const answer = await action();
  const answered = performance.now();
  await stream.waitFor(new RegExp(`(event: notification\\n[\\s\\S]*){${nth}}`), { within: deliveryBound });
  return { answer, ms: performance.now() - answered };
};

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

  it("delivers a like's and a comment's notification within 1 s of the action's answer", async () => {
    const a = await t().signup('s_prompt');
    const b = await t().signup('s_prompt_fan');
    const postId = await newPost(a.token);
    const stream = await openEventStream(`${base}${notificationStreamPath}`, { authorization: a.token });
    try {
      await stream.waitFor(/: connected/);
      const liked = await msFromAnswer(stream, 1, () =>
        t().call('POST', `/api/posts/like/${postId}`, { token: b.token }),
      );
      expect(liked.answer.statusCode).toBe(201);
      expect(liked.ms).toBeLessThan(deliveryBound);
      const commented = await msFromAnswer(stream, 2, () =>
        t().call('POST', `/api/posts/${postId}/comments`, {
          token: b.token,
          body: { commentData: { content: 'Quick one' } },
        }),
      );
      expect(commented.answer.statusCode).toBe(201);
      expect(commented.ms).toBeLessThan(deliveryBound);
      expect(stream.events().map((e) => [e.notification.type, e.unreadCount])).toEqual([
        ['like', 1],
        ['comment', 2],
      ]);
    } finally {
      stream.close();
    }
  });

  it('opens with the unread count as it is, entries made before it counted', async () => {
    const a = await t().signup('s_opener');
    const b = await t().signup('s_early');
    await t().call('POST', `/api/posts/like/${await newPost(a.token)}`, { token: b.token });
    const stream = await openEventStream(`${base}${notificationStreamPath}`, { authorization: a.token });
    try {
      await stream.waitFor(/: connected/);
      const opening = `retry: 3000\n${count(1)}: connected\n\n`;
      expect(stream.text().slice(0, opening.length)).toBe(opening);
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
      expect(stream.text()).toContain(`${count(2)}: connected`);
      const heard = unreadHeardAfter(stream);
      expect(await heard(() => t().call('POST', `/api/posts/dislike/${postId}`, { token: b.token }))).toBe(count(1));
      await t().call('POST', `/api/users/unfollow/${a.userId}`, { token: b.token });
      await stream.waitFor(/event: unread\ndata: \{"unreadCount":0\}\n\n/);
      // A new entry, then everything read from another client: the open stream hears 0.
      await t().call('POST', `/api/posts/like/${postId}`, { token: b.token });
      await stream.waitFor(/event: notification\n/);
      await t().call('POST', '/api/notifications/read', { token: a.token });
      await stream.waitFor(/event: notification\n[\s\S]*event: unread\ndata: \{"unreadCount":0\}\n\n/);
      expect(stream.text()).not.toMatch(/id: [^\n]*\nevent: unread/);
      // Taking back a like the author was not told of (their own post) sends nothing: the next event
      // heard is the entry of b's like after it, with still three unread events before it (and the
      // opening's).
      const own = await newPost(a.token);
      await t().call('POST', `/api/posts/like/${own}`, { token: a.token });
      await t().call('POST', `/api/posts/dislike/${own}`, { token: a.token });
      await t().call('POST', `/api/posts/like/${own}`, { token: b.token });
      await stream.waitFor(/(event: notification\n[\s\S]*){2}/);
      expect(stream.text().match(/event: unread/g)).toHaveLength(4);
    } finally {
      stream.close();
    }
  });

  it('sends an unread event when entries go with a deleted comment or post, and to whoever blocks or mutes', async () => {
    const a = await t().signup('s_gone');
    const b = await t().signup('s_gone_fan');
    const postId = await newPost(a.token);
    const stream = await openEventStream(`${base}${notificationStreamPath}`, { authorization: a.token });
    const heardAfter = unreadHeardAfter(stream);
    try {
      await stream.waitFor(/: connected/);
      // b's comment, then b deletes it: a's entry goes with it.
      const comment = await t().call('POST', `/api/posts/${postId}/comments`, {
        token: b.token,
        body: { commentData: { content: 'Strong lift' } },
      });
      await stream.waitFor(/event: notification\n/);
      const commentId = comment.json().comment._id;
      expect(await heardAfter(() => t().call('DELETE', `/api/comments/${commentId}`, { token: b.token }))).toBe(
        count(0),
      );
      // b likes the post, then a deletes it (from another tab): a's other tabs hear 0.
      await t().call('POST', `/api/posts/like/${postId}`, { token: b.token });
      await stream.waitFor(/(event: notification\n[\s\S]*){2}/);
      expect(await heardAfter(() => t().call('DELETE', `/api/posts/${postId}`, { token: a.token }))).toBe(count(0));
      // b follows a: a mutes b (the entry is hidden), unmutes (it is back), blocks b (hidden again).
      await t().call('POST', `/api/users/follow/${a.userId}`, { token: b.token });
      await stream.waitFor(/(event: notification\n[\s\S]*){3}/);
      const asA = { token: a.token };
      expect(await heardAfter(() => t().call('POST', `/api/users/mute/${b.userId}`, asA))).toBe(count(0));
      expect(await heardAfter(() => t().call('POST', `/api/users/unmute/${b.userId}`, asA))).toBe(count(1));
      expect(await heardAfter(() => t().call('POST', `/api/users/block/${b.userId}`, asA))).toBe(count(0));
    } finally {
      stream.close();
    }
  });

  it('tells whoever an entry was about when a moderator hides or restores it, or suspends its actor', async () => {
    const a = await t().signup('s_moderated_host');
    const b = await t().signup('s_moderated_fan');
    const mod = await t().signup('s_moderated_mod');
    await runAdminCommand(t().db, t().config, ['grant', 's_moderated_mod']);
    const postId = await newPost(a.token);
    const comment = await t().call('POST', `/api/posts/${postId}/comments`, {
      token: b.token,
      body: { commentData: { content: 'Buy followers here' } },
    });
    const commentId = comment.json().comment._id as string;
    const asMod = { token: mod.token };
    const resolve = async (report: Record<string, string>, action: string, target: string) => {
      await t().call('POST', '/api/reports', { ...asMod, body: { report: { ...report, reason: 'spam' } } });
      const queue = await t().call('GET', '/api/admin/reports', asMod);
      const open = (queue.json().reports as { _id: string; target: { _id: string } }[]).find(
        (r) => r.target._id === target,
      );
      const res = await t().call('POST', `/api/admin/reports/${open?._id}/resolve`, { ...asMod, body: { action } });
      expect(res.statusCode).toBe(200);
    };
    const stream = await openEventStream(`${base}${notificationStreamPath}`, { authorization: a.token });
    const heardAfter = unreadHeardAfter(stream);
    try {
      await stream.waitFor(/: connected/);
      expect(await heardAfter(() => resolve({ commentId }, 'remove_content', commentId))).toBe(count(0));
      expect(await heardAfter(() => t().call('POST', `/api/admin/comments/${commentId}/restore`, asMod))).toBe(
        count(1),
      );
      expect(await heardAfter(() => resolve({ userId: b.userId }, 'suspend_user', b.userId))).toBe(count(0));
      expect(await heardAfter(() => t().call('POST', `/api/admin/users/${b.userId}/unsuspend`, asMod))).toBe(count(1));
    } finally {
      stream.close();
    }
  });

  it('tells the others whose unread entries an erased account took', async () => {
    const a = await t().signup('s_erased_host');
    const b = await t().signup('s_erased_fan', 'erase me please');
    const c = await t().signup('s_erased_replier');
    const postId = await newPost(a.token);
    // b comments on a's post and c answers b: a is told of both; b's erasure takes both comments.
    const comment = await t().call('POST', `/api/posts/${postId}/comments`, {
      token: b.token,
      body: { commentData: { content: 'Nice' } },
    });
    await t().call('POST', `/api/posts/${postId}/comments`, {
      token: c.token,
      body: { commentData: { content: 'Agreed', replyTo: comment.json().comment._id } },
    });
    await t().call('POST', `/api/users/follow/${a.userId}`, { token: c.token });
    const before = await t().call('GET', '/api/notifications/unread-count', { token: a.token });
    expect(before.json()).toEqual({ unreadCount: 3 });
    const stream = await openEventStream(`${base}${notificationStreamPath}`, { authorization: a.token });
    try {
      await stream.waitFor(/: connected/);
      const heard = unreadHeardAfter(stream);
      const left = await heard(async () => {
        const erased = await t().call('POST', '/api/users/me/delete', {
          token: b.token,
          body: { password: 'erase me please' },
        });
        expect(erased.statusCode).toBe(200);
      });
      // c's follow is what is left.
      expect(left).toBe(count(1));
    } finally {
      stream.close();
    }
  });

  it("sends a new-post event (no id) of a followed person's post to followers who see it, once it is in their feed", async () => {
    const author = await t().signup('s_poster');
    const reader = await t().signup('s_reader');
    const muter = await t().signup('s_muter');
    for (const follower of [reader, muter]) {
      await t().call('POST', `/api/users/follow/${author.userId}`, { token: follower.token });
    }
    await t().call('POST', `/api/users/mute/${author.userId}`, { token: muter.token });
    const post = async (visibility: string) =>
      (
        await t().call('POST', '/api/posts', {
          token: author.token,
          body: { postData: { content: `A ${visibility} set`, visibility } },
          headers: { prefer: 'return=minimal' },
        })
      ).json().post._id as string;
    const readerStream = await openEventStream(`${base}${notificationStreamPath}`, { authorization: reader.token });
    const muterStream = await openEventStream(`${base}${notificationStreamPath}`, { authorization: muter.token });
    try {
      await readerStream.waitFor(/: connected/);
      await muterStream.waitFor(/: connected/);
      // The fan-out runs its jobs in order: the private post's is done before the next one's event.
      await post('private');
      const shared = await post('followers');
      await readerStream.waitFor(/event: new-post\n/);
      const newPosts = () => [...readerStream.text().matchAll(/(id: .*\n)?event: new-post\ndata: (.*)\n\n/g)];
      expect(newPosts().map((m) => [m[1], JSON.parse(m[2] ?? '')])).toEqual([
        [undefined, { newPost: { _id: shared } }],
      ]);
      const feed = await t().call('GET', '/api/feed?limit=1', { token: reader.token });
      expect(feed.json().posts[0]._id).toBe(shared);
      // The muter hears the next thing said to them (a like of their own post), and no new post before it.
      await t().app.fanout.idle();
      const own = (
        await t().call('POST', '/api/posts', {
          token: muter.token,
          body: { postData: { content: 'Mine' } },
          headers: { prefer: 'return=minimal' },
        })
      ).json().post._id as string;
      await t().call('POST', `/api/posts/like/${own}`, { token: reader.token });
      await muterStream.waitFor(/event: notification\n/);
      expect(muterStream.text()).not.toContain('event: new-post');
    } finally {
      readerStream.close();
      muterStream.close();
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

  it('a like on one server reaches a stream held by the other within 1 s', async () => {
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
    type Answer = { encodedToken: string; post: { _id: string } };
    const json = (server: ServerProcess, pathname: string, body: unknown, token?: string) =>
      postJson<Answer>(server, pathname, body, token);
    const signup = (username: string) =>
      json(one, '/api/auth/signup', { firstname: 'S', lastname: 'T', username, password: 'correct horse battery' });
    const a = await signup('x_author');
    const b = await signup('x_fan');
    const post = await json(one, '/api/posts', { postData: { content: 'across' } }, a.encodedToken);
    const stream = await openEventStream(`${two.url}${notificationStreamPath}`, { authorization: a.encodedToken });
    try {
      await stream.waitFor(/: connected/);
      const liked = await msFromAnswer(stream, 1, () =>
        fetch(`${one.url}/api/posts/like/${post.post._id}`, {
          method: 'POST',
          headers: { authorization: b.encodedToken },
        }),
      );
      expect(liked.answer.status).toBe(201);
      expect(liked.ms).toBeLessThan(deliveryBound);
      expect(stream.events()[0]?.notification).toMatchObject({ type: 'like', post: { _id: post.post._id } });
    } finally {
      stream.close();
    }
    // Two server processes start (and migrate) first: slow on a busy machine.
  }, 180_000);
});
