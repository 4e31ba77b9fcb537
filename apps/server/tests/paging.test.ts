import { type CardPost, pageLimits } from '@spotter/contract';
import { postPageSchema, postsResponseSchema } from '@spotter/contract/schemas';
import { describe, expect, it } from 'vitest';
import { nextMillisecond } from './helpers/clock';
import { addPosts, addUser } from './helpers/network';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

interface Walk {
  posts: CardPost[];
  pages: number;
}

/**
 * Follows nextCursor from the first page to the last, calling `between` after each page (where the
 * tests make new posts, likes and bookmarks arrive).
 */
async function walk(url: string, token: string | undefined, limit: number, between?: () => Promise<void>) {
  const walked: Walk = { posts: [], pages: 0 };
  let cursor: string | null = null;
  const join = url.includes('?') ? '&' : '?';
  do {
    const pageUrl: string = `${url}${join}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await t().call('GET', pageUrl, { token });
    expect(res.statusCode, `${pageUrl}: ${res.body.slice(0, 200)}`).toBe(200);
    const page = postPageSchema.parse(res.json());
    expect(page.posts.length).toBeLessThanOrEqual(limit);
    walked.posts.push(...page.posts);
    walked.pages++;
    cursor = page.nextCursor;
    if (cursor) expect(page.posts).toHaveLength(limit);
    await between?.();
    if (walked.pages > 1000) throw new Error('the cursor never ends');
  } while (cursor);
  return walked;
}

const ids = (posts: { _id: string }[]) => posts.map((p) => p._id);

/** Newest first, the post id breaking ties (descending), as the pages promise. */
const newestFirst = (a: CardPost, b: CardPost) =>
  b.createdAt.localeCompare(a.createdAt) || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0);

async function newPost(token: string, content = 'arrived while paging'): Promise<string> {
  const res = await t().call('POST', '/api/posts', {
    token,
    body: { postData: { content } },
    headers: { prefer: 'return=minimal' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().post._id;
}

/** Every post of the network as paged cards, read once in one big page after another. */
async function everything(url: string, token?: string): Promise<CardPost[]> {
  return (await walk(url, token, pageLimits.max)).posts;
}

describe('paging: no post lost or repeated while new posts arrive', () => {
  it('explore, newest first: every post exactly once, ties in time included', async () => {
    const author = await t().signup('pager_explore');
    // Ten posts at the very same instant: the id alone orders them, and a page boundary falls among them.
    await addPosts(t().db, author.userId, 10, '2026-09-01T10:00:00.000Z');
    await addPosts(t().db, author.userId, 12);
    const before = await everything('/api/posts', author.token);
    expect(before.length).toBeGreaterThanOrEqual(19 + 22);
    expect(ids(before)).toEqual(ids([...before].sort(newestFirst)));

    const arrived: string[] = [];
    const walked = await walk('/api/posts', author.token, 7, async () => {
      arrived.push(await newPost(author.token));
    });
    expect(ids(walked.posts)).toEqual(ids(before));
    expect(ids(walked.posts)).not.toContain(arrived[0]);
    expect(walked.pages).toBe(Math.ceil(before.length / 7));
  });

  it('the spec list and the pages hold the same posts', async () => {
    const whole = postsResponseSchema.parse((await t().call('GET', '/api/posts')).json()).posts;
    const paged = await everything('/api/posts');
    expect(new Set(ids(paged))).toEqual(new Set(ids(whole)));
    expect(paged).toHaveLength(whole.length);
  });

  it("home feed: one's own and followed people's posts, each once, new ones not slipping in", async () => {
    const me = await t().signup('pager_home');
    const followed = await t().signup('pager_followed');
    const stranger = await t().signup('pager_stranger');
    await t().call('POST', `/api/users/follow/${followed.userId}`, { token: me.token });
    const mine = await addPosts(t().db, me.userId, 6);
    const theirs = await addPosts(t().db, followed.userId, 9, '2026-09-02T10:00:00.000Z');
    await addPosts(t().db, stranger.userId, 8);

    const arrived: string[] = [];
    const walked = await walk('/api/feed', me.token, 4, async () => {
      arrived.push(await newPost(followed.token));
      arrived.push(await newPost(stranger.token));
    });
    expect(new Set(ids(walked.posts))).toEqual(new Set([...mine, ...theirs]));
    expect(walked.posts).toHaveLength(mine.length + theirs.length);
    expect(ids(walked.posts)).toEqual(ids([...walked.posts].sort(newestFirst)));

    // A fresh walk sees what arrived from the followed person, and still nothing of the stranger's.
    const again = await everything('/api/feed', me.token);
    expect(again).toHaveLength(mine.length + theirs.length + arrived.length / 2);
    expect(again.every((p) => p.author._id !== stranger.userId)).toBe(true);
  });

  it('trending (like count, then newest): every post once, in that order, on explore and the home feed', async () => {
    const me = await t().signup('pager_trend');
    const fans = [await t().signup('pager_fan1'), await t().signup('pager_fan2'), await t().signup('pager_fan3')];
    const posts = await addPosts(t().db, me.userId, 9, '2026-09-03T10:00:00.000Z');
    // Likes 3,3,2,2,1,1,0,0,0: equal counts fall back to time, equal times to the id.
    for (const [i, id] of posts.entries()) {
      const likes = [3, 3, 2, 2, 1, 1, 0, 0, 0][i] ?? 0;
      for (const fan of fans.slice(0, likes)) {
        expect((await t().call('POST', `/api/posts/like/${id}`, { token: fan.token })).statusCode).toBe(201);
      }
    }
    const byTrend = (a: CardPost, b: CardPost) => b.likeCount - a.likeCount || newestFirst(a, b);

    const before = await everything('/api/posts?order=trending');
    expect(ids(before)).toEqual(ids([...before].sort(byTrend)));
    const arrived: string[] = [];
    const walked = await walk('/api/posts?order=trending', undefined, 5, async () => {
      arrived.push(await newPost(me.token));
    });
    // New posts have no likes: they may only show up after the liked ones, never twice, and nothing is lost.
    const seen = ids(walked.posts);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => !arrived.includes(id))).toEqual(ids(before));

    const home = (await walk('/api/feed?order=trending', me.token, 2)).posts;
    expect(new Set(ids(home))).toEqual(new Set([...posts, ...arrived]));
    expect(ids(home)).toEqual(ids([...home].sort(byTrend)));
  });

  it('home feed: the same posts in the same order as sorting everything, for any page size and shape of network', async () => {
    const me = await t().signup('pager_shapes');
    // Followed people with very different numbers of posts, many at the very same instant.
    const counts = [0, 1, 2, 5, 12, 30];
    const authors: string[] = [me.userId];
    for (const [i, count] of counts.entries()) {
      const author = await addUser(t().db, `pager_shape_${i}`);
      await t().call('POST', `/api/users/follow/${author}`, { token: me.token });
      await addPosts(t().db, author, Math.ceil(count / 2), '2026-09-04T10:00:00.000Z');
      await addPosts(t().db, author, Math.floor(count / 2));
      authors.push(author);
    }
    await addPosts(t().db, me.userId, 3, '2026-09-04T10:00:00.000Z');
    // Like counts with many ties (set directly: this test is about order, not about liking).
    const mine = await t()
      .db.kysely.selectFrom('posts')
      .innerJoin('users', 'users.id', 'posts.author_id')
      .select('posts.id')
      .where('users.public_id', 'in', authors)
      .execute();
    for (const [i, { id }] of mine.entries()) {
      await t()
        .db.kysely.updateTable('posts')
        .set({ like_count: (i * 7) % 4 })
        .where('id', '=', id)
        .execute();
    }
    const all = (await everything('/api/posts', me.token)).filter((p) => authors.includes(p.author._id));
    expect(all).toHaveLength(counts.reduce((a, b) => a + b, 3));
    const byTrend = (a: CardPost, b: CardPost) => b.likeCount - a.likeCount || newestFirst(a, b);
    for (const order of ['newest', 'trending'] as const) {
      const expected = ids([...all].sort(order === 'trending' ? byTrend : newestFirst));
      for (const limit of [1, 2, 3, 7, 20, 100]) {
        const walked = await walk(`/api/feed?order=${order}`, me.token, limit);
        expect(ids(walked.posts), `${order}, limit ${limit}`).toEqual(expected);
      }
    }
  });

  it("a profile: that person's posts, newest first, each once", async () => {
    const author = await t().signup('pager_profile');
    const other = await t().signup('pager_other');
    const posts = await addPosts(t().db, author.userId, 11);
    await addPosts(t().db, other.userId, 3);
    const arrived: string[] = [];
    const walked = await walk('/api/posts/user/PAGER_PROFILE', undefined, 3, async () => {
      arrived.push(await newPost(author.token));
    });
    expect(new Set(ids(walked.posts))).toEqual(new Set(posts));
    expect(walked.posts).toHaveLength(posts.length);
    expect(ids(walked.posts)).toEqual(ids([...walked.posts].sort(newestFirst)));
  });

  for (const kind of ['liked', 'bookmarked'] as const) {
    it(`${kind} posts: most recent first, each once, while more arrive`, async () => {
      const me = await t().signup(`pager_${kind}`);
      const author = await addUser(t().db, `pager_${kind}_author`);
      const posts = await addPosts(t().db, author, 16);
      const act = (id: string) =>
        t().call('POST', kind === 'liked' ? `/api/posts/like/${id}` : `/api/users/bookmark/${id}`, {
          token: me.token,
        });
      for (const id of posts.slice(0, 13)) expect((await act(id)).statusCode).toBeLessThan(300);

      const later = posts.slice(13);
      const walked = await walk(`/api/users/me/${kind}`, me.token, 4, async () => {
        const next = later.shift();
        if (!next) return;
        await nextMillisecond();
        await act(next);
      });
      expect(new Set(ids(walked.posts))).toEqual(new Set(posts.slice(0, 13)));
      expect(walked.posts).toHaveLength(13);
      const flag = kind === 'liked' ? 'likedByMe' : 'bookmarkedByMe';
      expect(walked.posts.every((p) => p[flag])).toBe(true);

      // The order is that of the reaction, not of the post: the post reacted to last comes first.
      const fresh = await everything(`/api/users/me/${kind}`, me.token);
      expect(fresh).toHaveLength(16);
      const lastReacted = posts[15];
      expect(fresh[0]?._id).toBe(lastReacted);
    });
  }
});

describe('paged answers', () => {
  it('carry likeCount, likedByMe, bookmarkedByMe and the author, not the likedBy lists', async () => {
    const me = await t().signup('pager_shape');
    const [post = ''] = await addPosts(t().db, me.userId, 1);
    await t().call('POST', `/api/posts/like/${post}`, { token: me.token });
    const page = (await t().call('GET', '/api/posts/user/pager_shape?limit=1', { token: me.token })).json();
    expect(page.posts[0]).toMatchObject({
      _id: post,
      likeCount: 1,
      likedByMe: true,
      bookmarkedByMe: false,
      username: 'pager_shape',
      author: { _id: me.userId, username: 'pager_shape' },
    });
    expect(page.posts[0]).not.toHaveProperty('likes');
    const anonymous = (await t().call('GET', '/api/posts/user/pager_shape?limit=1')).json();
    expect(anonymous.posts[0]).toMatchObject({ _id: post, likeCount: 1, likedByMe: false });
  });

  it('end with a null nextCursor, also when the last page is exactly full', async () => {
    const me = await t().signup('pager_exact');
    await addPosts(t().db, me.userId, 6);
    const first = (await t().call('GET', '/api/posts/user/pager_exact?limit=3')).json();
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (
      await t().call('GET', `/api/posts/user/pager_exact?limit=3&cursor=${encodeURIComponent(first.nextCursor)}`)
    ).json();
    expect(second.posts).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    const empty = (await t().call('GET', '/api/users/me/liked?limit=5', { token: me.token })).json();
    expect(empty).toEqual({ posts: [], nextCursor: null });
  });

  it('without limit or cursor keep the spec answer: every post with its likedBy lists', async () => {
    const res = await t().call('GET', '/api/posts/user/maya_lifts');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).not.toHaveProperty('nextCursor');
    expect(postsResponseSchema.parse(body).posts[0]?.likes.likedBy).toEqual(expect.any(Array));
  });
});

const b64 = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

describe('paged calls refuse bad paging with a 400', () => {
  const pagedCalls = [
    '/api/posts',
    '/api/posts?order=trending',
    '/api/posts/user/maya_lifts',
    '/api/feed',
    '/api/feed?order=trending',
    '/api/users/me/liked',
    '/api/users/me/bookmarked',
  ];
  const badCursors = {
    'not base64 JSON': 'garbage!!',
    'JSON of the wrong shape': b64({ t: 5 }),
    'not JSON': b64('{"t":'),
    'a time that is not a time': b64({ t: 'yesterday', i: 'x' }),
    'a like count beyond any counter': b64({ l: 1e15, t: '2026-09-01T10:00:00.000Z', i: 'x' }),
    'a negative like count': b64({ l: -1, t: '2026-09-01T10:00:00.000Z', i: 'x' }),
    'longer than any cursor': 'a'.repeat(513),
  };
  const badLimits = ['0', '101', '-1', '1.5', 'ten', ''];

  it.each(pagedCalls)('%s: garbage cursors and out-of-range limits', async (url) => {
    const me = await t().signup(`pager_bad_${pagedCalls.indexOf(url)}`);
    const join = url.includes('?') ? '&' : '?';
    for (const [what, cursor] of Object.entries(badCursors)) {
      const res = await t().call('GET', `${url}${join}cursor=${encodeURIComponent(cursor)}`, { token: me.token });
      expect(res.statusCode, `${url} with ${what}: ${res.body.slice(0, 200)}`).toBe(400);
      expect(res.json().errors).toEqual([expect.stringMatching(/^cursor/)]);
    }
    for (const limit of badLimits) {
      const res = await t().call('GET', `${url}${join}limit=${limit}`, { token: me.token });
      expect(res.statusCode, `${url} with limit=${limit}: ${res.body.slice(0, 200)}`).toBe(400);
      expect(res.json().errors).toEqual([expect.stringMatching(/^limit/)]);
    }
    for (const limit of [pageLimits.min, pageLimits.max]) {
      const res = await t().call('GET', `${url}${join}limit=${limit}`, { token: me.token });
      expect(res.statusCode).toBe(200);
      expect(postPageSchema.parse(res.json()).posts.length).toBeLessThanOrEqual(limit);
    }
  });

  it('an unknown order is refused', async () => {
    const res = await t().call('GET', '/api/posts?limit=5&order=random');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.stringMatching(/^order/)]);
  });
});
