import { apiErrors } from '@spotter/contract';
import { cardPostResponseSchema, postPageSchema } from '@spotter/contract/schemas';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

const create = (token: string, content: string, key?: string) =>
  t().call('POST', '/api/posts', {
    token,
    headers: { prefer: 'return=minimal', ...(key === undefined ? {} : { 'idempotency-key': key }) },
    body: { postData: { content } },
  });

const postsOf = async (username: string) =>
  postPageSchema.parse((await t().call('GET', `/api/posts/user/${username}?limit=50`)).json()).posts;

describe('Idempotency-Key on POST /api/posts (issue 18)', () => {
  it('a retry with the same key answers the first post and makes no second one', async () => {
    const me = await t().signup('idem_one');
    const first = await create(me.token, 'Squat day', 'retry-1');
    expect(first.statusCode).toBe(201);
    const again = await create(me.token, 'Squat day', 'retry-1');
    expect(again.statusCode).toBe(201);
    expect(cardPostResponseSchema.parse(again.json()).post._id).toBe(
      cardPostResponseSchema.parse(first.json()).post._id,
    );
    // Both at once: still one post.
    const [a, b] = await Promise.all([
      create(me.token, 'Bench day', 'retry-2'),
      create(me.token, 'Bench day', 'retry-2'),
    ]);
    // One made it; the other waited for it and answered the same post.
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(cardPostResponseSchema.parse(a.json()).post._id).toBe(cardPostResponseSchema.parse(b.json()).post._id);
    const posts = await postsOf('idem_one');
    expect(posts.map((p) => p.content)).toEqual(['Bench day', 'Squat day']);
    // The full answer (without Prefer) is the list with the one post.
    const full = await t().call('POST', '/api/posts', {
      token: me.token,
      headers: { 'idempotency-key': 'retry-1' },
      body: { postData: { content: 'Squat day' } },
    });
    expect(full.statusCode).toBe(201);
    expect((await postsOf('idem_one')).length).toBe(2);
  });

  it('keys are per person, other keys and no key create as before', async () => {
    const ann = await t().signup('idem_ann');
    const bob = await t().signup('idem_bob');
    const annPost = cardPostResponseSchema.parse((await create(ann.token, 'Ann lifts', 'shared')).json()).post;
    const bobPost = cardPostResponseSchema.parse((await create(bob.token, 'Bob runs', 'shared')).json()).post;
    expect(bobPost._id).not.toBe(annPost._id);
    expect(bobPost.content).toBe('Bob runs');
    await create(ann.token, 'Ann again', 'other');
    await create(ann.token, 'Ann without key');
    await create(ann.token, 'Ann without key');
    expect((await postsOf('idem_ann')).length).toBe(4);
  });

  it('a refused create frees its key; a bad key is a 400', async () => {
    const me = await t().signup('idem_refused');
    const refused = await create(me.token, 'x'.repeat(100_000), 'fix-me');
    expect(refused.statusCode).toBe(400);
    const fixed = await create(me.token, 'Fixed', 'fix-me');
    expect(fixed.statusCode).toBe(201);
    for (const bad of ['', ' spaced key ', 'k'.repeat(256), 'ключ']) {
      const res = await t().call('POST', '/api/posts', {
        token: me.token,
        headers: { 'idempotency-key': bad },
        body: { postData: { content: 'never' } },
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json(), bad).toEqual({ errors: [apiErrors.idempotencyKeyInvalid] });
    }
    expect((await postsOf('idem_refused')).map((p) => p.content)).toEqual(['Fixed']);
  });

  it('a replay of a deleted post is a 404, for as long as the key is kept (issue 45, finding 13)', async () => {
    const me = await t().signup('idem_deleted');
    const made = cardPostResponseSchema.parse((await create(me.token, 'Gone soon', 'k1')).json()).post;
    expect((await t().call('DELETE', `/api/posts/${made._id}`, { token: me.token })).statusCode).toBe(201);
    // Not "still being created" (409) forever, and never made again.
    for (let i = 0; i < 2; i++) {
      const replay = await create(me.token, 'Gone soon', 'k1');
      expect(replay.statusCode).toBe(404);
      expect(replay.json()).toEqual({ errors: [apiErrors.postNotFound] });
    }
    expect(await postsOf('idem_deleted')).toEqual([]);
    // An old key (older than the window) is forgotten: the same key makes a new post.
    await t()
      .db.kysely.updateTable('post_idempotency_keys')
      .set({ created_at: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString() })
      .execute();
    const again = await create(me.token, 'Back again', 'k1');
    expect(again.statusCode).toBe(201);
    expect(cardPostResponseSchema.parse(again.json()).post.content).toBe('Back again');
  });

  it('the key sent with a different post is a 422 that changes nothing (issue 45, finding 13)', async () => {
    const me = await t().signup('idem_reused');
    const first = cardPostResponseSchema.parse((await create(me.token, 'Squats 5x5', 'same-key')).json()).post;
    for (const other of ['Deadlifts 3x3', 'Squats 5x5 ']) {
      const reused = await create(me.token, other, 'same-key');
      expect(reused.statusCode, other).toBe(422);
      expect(reused.json()).toEqual({ errors: [apiErrors.idempotencyKeyReused] });
    }
    const withVisibility = await t().call('POST', '/api/posts', {
      token: me.token,
      headers: { prefer: 'return=minimal', 'idempotency-key': 'same-key' },
      body: { postData: { content: 'Squats 5x5', visibility: 'private' } },
    });
    expect(withVisibility.statusCode).toBe(422);
    // The same request still replays the first post, and there is only that one.
    const replay = await create(me.token, 'Squats 5x5', 'same-key');
    expect(replay.statusCode).toBe(201);
    expect(cardPostResponseSchema.parse(replay.json()).post._id).toBe(first._id);
    expect((await postsOf('idem_reused')).map((p) => p.content)).toEqual(['Squats 5x5']);
    // Both at once with different posts: one is made, the other is refused.
    const [a, b] = await Promise.all([
      create(me.token, 'Bench 3x8', 'race-key'),
      create(me.token, 'Rows 3x10', 'race-key'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
    expect((await postsOf('idem_reused')).length).toBe(2);
  });
});
