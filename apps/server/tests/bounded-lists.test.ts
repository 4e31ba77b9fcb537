import { postContentMaxLength, routes } from '@spotter/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app';

const max = 5;
const t = useTestApp({ unpagedListMax: max });

// Issue 17, finding 1: unpaged lists answered every post and user, without bound.
describe('unpaged lists answer at most UNPAGED_LIST_MAX items: the newest, in list order', () => {
  let token: string;
  const texts = Array.from({ length: max + 3 }, (_, i) => `bounded post ${i}`);
  beforeAll(async () => {
    ({ token } = await t().signup('prolific_one'));
    for (const content of texts) {
      const res = await t().call('POST', routes.createPost.path, { token, body: { postData: { content } } });
      expect(res.statusCode).toBe(201);
      expect(res.json().posts.length).toBeLessThanOrEqual(max);
    }
  });

  const contents = (body: { posts: { content: string }[] }) => body.posts.map((p) => p.content);

  it('GET /api/posts: the newest 5, oldest first, and X-List-Truncated: true', async () => {
    const res = await t().call('GET', '/api/posts');
    expect(res.statusCode).toBe(200);
    expect(contents(res.json())).toEqual(texts.slice(-max));
    expect(res.headers['x-list-truncated']).toBe('true');
  });

  it('GET /api/posts/user/{username}: the same bound', async () => {
    const res = await t().call('GET', '/api/posts/user/prolific_one');
    expect(contents(res.json())).toEqual(texts.slice(-max));
    expect(res.headers['x-list-truncated']).toBe('true');
  });

  it('a post change answers the bounded list too', async () => {
    const res = await t().call('POST', routes.createPost.path, { token, body: { postData: { content: 'one more' } } });
    expect(contents(res.json())).toEqual([...texts.slice(-max + 1), 'one more']);
    expect(res.headers['x-list-truncated']).toBe('true');
  });

  it('GET /api/users: the newest 5 people', async () => {
    const res = await t().call('GET', '/api/users');
    const users = res.json().users as { username: string }[];
    expect(users).toHaveLength(max);
    expect(users[users.length - 1]?.username).toBe('prolific_one');
    expect(res.headers['x-list-truncated']).toBe('true');
  });

  it('a list within the bound has no X-List-Truncated header', async () => {
    const { token: quiet } = await t().signup('quiet_one');
    await t().call('POST', routes.createPost.path, { token: quiet, body: { postData: { content: 'just one' } } });
    const res = await t().call('GET', '/api/posts/user/quiet_one');
    expect(contents(res.json())).toEqual(['just one']);
    expect(res.headers['x-list-truncated']).toBeUndefined();
  });

  it('paging still reaches every post', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/posts/user/prolific_one?limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const body = (await t().call('GET', url)).json();
      seen.push(...contents(body));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(texts.length + 1);
  });
});

describe('post content has a maximum length', () => {
  it(`beyond ${postContentMaxLength} characters: a 400 naming the field, and no post`, async () => {
    const { token } = await t().signup('long_writer');
    const res = await t().call('POST', routes.createPost.path, {
      token,
      body: { postData: { content: 'x'.repeat(postContentMaxLength + 1) } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [`postData.content: must be at most ${postContentMaxLength} characters`] });
    expect((await t().call('GET', '/api/posts/user/long_writer')).json().posts).toEqual([]);
    const ok = await t().call('POST', routes.createPost.path, {
      token,
      body: { postData: { content: 'x'.repeat(postContentMaxLength) } },
    });
    expect(ok.statusCode).toBe(201);
  });
});
