import { apiErrors } from '@spotter/contract';
import { postResponseSchema } from '@spotter/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPost, seedUser } from './helpers/seed-data';
import { useTestApp } from './helpers/test-app';

/**
 * The rules hold for everyone at once: these requests go over real HTTP, in parallel, and on
 * PostgreSQL through a pool of connections.
 */
const t = useTestApp();
let base = '';

beforeAll(async () => {
  base = await t().app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t().app.close();
});

async function send(method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: token } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const signup = (username: string) =>
  send('POST', '/api/auth/signup', undefined, { firstname: 'P', lastname: 'Arallel', username, password: 'pw-123456' });

describe('parallel requests', () => {
  it('40 people liking one post at once: likeCount 40 and 40 entries in likedBy', async () => {
    const users = await Promise.all(Array.from({ length: 40 }, (_, i) => signup(`crowd_${i}`)));
    const tokens = users.map((u) => u.body.encodedToken as string);
    const id = seedPost('tom-hills').id;
    const results = await Promise.all(tokens.map((token) => send('POST', `/api/posts/like/${id}`, token)));
    expect(results.map((r) => r.status)).toEqual(Array(40).fill(201));
    const post = postResponseSchema.parse((await send('GET', `/api/posts/${id}`)).body).post;
    expect(post.likes.likeCount).toBe(40);
    expect(post.likes.likedBy).toHaveLength(40);
    expect(new Set(post.likes.likedBy.map((u) => u._id)).size).toBe(40);
  });

  it('15 parallel likes by one person: exactly one succeeds', async () => {
    const me = await signup('eager_liker');
    const token = me.body.encodedToken as string;
    const id = seedPost('priya-intervals').id;
    const results = await Promise.all(Array.from({ length: 15 }, () => send('POST', `/api/posts/like/${id}`, token)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.status === 400);
    expect(refused).toHaveLength(14);
    for (const r of refused) expect(r.body).toEqual({ errors: [apiErrors.alreadyLiked] });
    const post = postResponseSchema.parse((await send('GET', `/api/posts/${id}`)).body).post;
    expect(post.likes.likeCount).toBe(1);
    expect(post.likes.likedBy).toHaveLength(1);
  });

  it('20 parallel signups of one username: exactly one 201, the rest 422', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => signup(i % 2 ? 'same_name' : 'SAME_name')));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.status === 422);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.body).toEqual({ errors: [apiErrors.usernameExists] });
  });

  it('20 parallel bookmarks of one post by one person: bookmarked once', async () => {
    const me = await signup('eager_bookmarker');
    const token = me.body.encodedToken as string;
    const id = seedPost('kai-sandbag').id;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => send('POST', `/api/users/bookmark/${id}`, token)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(19);
    expect((await send('GET', '/api/users/bookmark', token)).body).toEqual({ bookmarks: [id] });
  });

  it('parallel follows of one person by one person: followed once, on both sides', async () => {
    const me = await signup('eager_follower');
    const token = me.body.encodedToken as string;
    const target = seedUser('lena').id;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => send('POST', `/api/users/follow/${target}`, token)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const lena = (await send('GET', `/api/users/${target}`)).body.user as { followers: { username: string }[] };
    expect(lena.followers.filter((f) => f.username === 'eager_follower')).toHaveLength(1);
  });

  it('people following each other at the same moment: every follow succeeds, counts agree', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, (_, i) => signup(`mutual_${i}`)));
    const people = users.map((u) => {
      const created = u.body.createdUser as { _id: string; username: string };
      return { token: u.body.encodedToken as string, id: created._id, username: created.username };
    });
    const follows = people.flatMap((a) => people.filter((b) => b !== a).map((b) => ({ a, b })));
    const results = await Promise.all(follows.map(({ a, b }) => send('POST', `/api/users/follow/${b.id}`, a.token)));
    expect(results.map((r) => r.status)).toEqual(Array(follows.length).fill(200));
    for (const person of people) {
      const { profile } = (await send('GET', `/api/users/profile/${person.username}`)).body;
      expect(profile).toMatchObject({ followerCount: 7, followingCount: 7 });
    }
  });

  it('likes and dislikes racing on one post keep likeCount equal to likedBy', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, (_, i) => signup(`racer_${i}`)));
    const tokens = users.map((u) => u.body.encodedToken as string);
    const id = seedPost('mo-shoulders').id;
    await Promise.all(
      tokens.flatMap((token) => [
        send('POST', `/api/posts/like/${id}`, token),
        send('POST', `/api/posts/dislike/${id}`, token),
        send('POST', `/api/posts/like/${id}`, token),
      ]),
    );
    const post = postResponseSchema.parse((await send('GET', `/api/posts/${id}`)).body).post;
    expect(post.likes.likeCount).toBe(post.likes.likedBy.length);
    const liked = new Set(post.likes.likedBy.map((u) => u._id));
    for (const user of post.likes.dislikedBy) expect(liked.has(user._id)).toBe(false);
  });
});
