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
    // One made it; the other answered the same post (201) or said it was still being made (409).
    expect([a.statusCode, b.statusCode]).toContain(201);
    for (const res of [a, b]) expect([201, 409]).toContain(res.statusCode);
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

  it('a deleted post frees its key after a moment; the server keeps keys for a bounded time', async () => {
    const me = await t().signup('idem_deleted');
    const made = cardPostResponseSchema.parse((await create(me.token, 'Gone soon', 'k1')).json()).post;
    await t().call('DELETE', `/api/posts/${made._id}`, { token: me.token });
    // Within the first minute the key may still be in flight elsewhere: 409, never a duplicate.
    expect((await create(me.token, 'Gone soon', 'k1')).statusCode).toBe(409);
    // An old key (older than the window) is forgotten: the same key makes a new post.
    await t()
      .db.kysely.updateTable('post_idempotency_keys')
      .set({ created_at: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString() })
      .execute();
    const again = await create(me.token, 'Back again', 'k1');
    expect(again.statusCode).toBe(201);
    expect(cardPostResponseSchema.parse(again.json()).post.content).toBe('Back again');
  });
});
