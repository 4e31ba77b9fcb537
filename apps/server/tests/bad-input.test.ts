import { apiErrors } from '@spotter/contract';
import { postsResponseSchema } from '@spotter/contract/schemas';
import { afterAll, describe, expect, it } from 'vitest';
import { guest } from './helpers/seed-data';
import { startTestApp, useTestApp } from './helpers/test-app';

const t = useTestApp();

const postCount = async () => postsResponseSchema.parse((await t().call('GET', '/api/posts')).json()).posts.length;

describe('bad input gets a clear 4xx JSON error and changes nothing', () => {
  it('malformed JSON: 400', async () => {
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "half',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [apiErrors.malformedJson] });
  });

  it('a body that does not match its schema: 400 naming the field', async () => {
    const { token } = await t().login(guest.username, guest.password);
    const before = await postCount();
    const cases: [unknown, RegExp][] = [
      [{ postData: 'text' }, /^postData: /],
      [{ postData: { content: 42 } }, /^postData\.content: /],
      [{}, /^postData: /],
      [[1, 2, 3], /./],
    ];
    for (const [body, message] of cases) {
      const res = await t().call('POST', '/api/posts', { token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0]).toMatch(message);
    }
    expect(await postCount()).toBe(before);
  });

  it('a post image that is not an http(s) URL: 400 naming postData.image', async () => {
    const { token } = await t().login(guest.username, guest.password);
    const before = await postCount();
    for (const image of ['javascript:alert(document.cookie)', 'data:image/svg+xml,<svg onload=alert(1)>', 'blob:x']) {
      const res = await t().call('POST', '/api/posts', { token, body: { postData: { content: 'hi', image } } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatch(/^postData\.image: /);
    }
    expect(await postCount()).toBe(before);
  });

  it('a __proto__ key is refused, not merged', async () => {
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"guest","password":"x","__proto__":{"admin":true}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveLength(1);
  });

  it('a body over 1 MB: 413', async () => {
    const { token } = await t().login(guest.username, guest.password);
    const before = await postCount();
    const res = await t().call('POST', '/api/posts', { token, body: { postData: { content: 'x'.repeat(1_100_000) } } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ errors: [apiErrors.bodyTooLarge] });
    expect(await postCount()).toBe(before);
  });

  it('a body that is not JSON: 415', async () => {
    const { token } = await t().login(guest.username, guest.password);
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { authorization: token, 'content-type': 'text/plain' },
      payload: 'postData=hello',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ errors: [apiErrors.unsupportedMediaType] });
  });

  it('an unknown /api path: 404 JSON, whatever the method', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/posts/like'],
      ['DELETE', '/api/users'],
      ['GET', '/api'],
    ] as const) {
      const res = await t().call(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ errors: [apiErrors.routeNotFound] });
    }
  });

  it('an over-long or odd id is just an unknown id: 404', async () => {
    expect((await t().call('GET', `/api/posts/${'a'.repeat(64)}`)).statusCode).toBe(404);
    expect((await t().call('GET', `/api/users/${encodeURIComponent("'; drop table users; --")}`)).statusCode).toBe(404);
    expect((await t().call('GET', `/api/posts/${'a'.repeat(65)}`)).statusCode).toBe(400);
  });
});

describe('an unexpected failure', () => {
  const started = startTestApp();
  afterAll(async () => {
    const { testApp, db } = await started;
    await testApp.app.close();
    await db.drop();
  });

  it('answers 500 with an error field and no stack trace', async () => {
    const { testApp } = await started;
    testApp.app.get('/api/test-only/boom', async () => {
      throw new Error('secret internals at /srv/app.ts:12');
    });
    const res = await testApp.call('GET', '/api/test-only/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: apiErrors.internal });
    expect(res.body).not.toContain('secret internals');
    expect(res.body).not.toContain('.ts:');
  });
});
