import type { CardPost } from '@spotter/contract';
import { describe, expect, it } from 'vitest';
import { nextMillisecond } from './helpers/clock';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

const post = async (token: string, content: string) =>
  (
    await t().call('POST', '/api/posts', {
      token,
      body: { postData: { content } },
      headers: { prefer: 'return=minimal' },
    })
  ).json().post._id as string;

const tagPage = async (tag: string, query = '') => {
  const res = await t().call('GET', `/api/tags/${encodeURIComponent(tag)}/posts${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { posts: CardPost[]; nextCursor: string | null };
};

describe('hashtags (issue 14)', () => {
  it('indexes #tags lowercased (Unicode letters, digits, _), newest first, paged; an edit re-indexes', async () => {
    const a = await t().signup('tag_a');
    const first = await post(a.token, 'Leg day #FrontSquat #légday');
    await nextMillisecond();
    const second = await post(a.token, 'More #frontsquat and #PR_2026!');
    await post(a.token, 'no tags here, just a # sign and a&#39;s');
    expect((await tagPage('frontsquat')).posts.map((p) => p._id)).toEqual([second, first]);
    expect((await tagPage('FRONTSQUAT')).posts.map((p) => p._id)).toEqual([second, first]);
    expect((await tagPage('légday')).posts.map((p) => p._id)).toEqual([first]);
    expect((await tagPage('pr_2026')).posts.map((p) => p._id)).toEqual([second]);
    const one = await tagPage('frontsquat', '?limit=1');
    expect(one.posts.map((p) => p._id)).toEqual([second]);
    const next = await tagPage('frontsquat', `?limit=1&cursor=${encodeURIComponent(one.nextCursor ?? '')}`);
    expect(next.posts.map((p) => p._id)).toEqual([first]);
    expect(next.nextCursor).toBeNull();

    await t().call('POST', `/api/posts/edit/${first}`, {
      token: a.token,
      body: { postData: { content: '#snatchgrip' } },
    });
    expect((await tagPage('frontsquat')).posts.map((p) => p._id)).toEqual([second]);
    expect((await tagPage('snatchgrip')).posts.map((p) => p._id)).toEqual([first]);
    await t().call('DELETE', `/api/posts/${second}`, { token: a.token });
    expect((await tagPage('frontsquat')).posts).toEqual([]);
  });

  it('refuses a tag that is not letters, digits or _ with a 400', async () => {
    const res = await t().call('GET', '/api/tags/a-b/posts');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toContain('tag');
  });

  it('answers the trending tags of the last 7 days, most posts first', async () => {
    const a = await t().signup('trend_a');
    await post(a.token, '#trendy #other');
    await post(a.token, '#trendy');
    const old = await post(a.token, '#trendy #stale');
    await t()
      .db.kysely.updateTable('post_tags')
      .set({ created_at: new Date(Date.now() - 8 * 86_400_000).toISOString() })
      .where('post_id', '=', t().db.kysely.selectFrom('posts').select('id').where('public_id', '=', old))
      .execute();
    const res = await t().call('GET', '/api/tags/trending');
    expect(res.statusCode).toBe(200);
    const tags = res.json().tags as { tag: string; posts: number }[];
    expect(tags[0]).toEqual({ tag: 'trendy', posts: 2 });
    expect(tags).toContainEqual({ tag: 'other', posts: 1 });
    expect(tags.map((x) => x.tag)).not.toContain('stale');
  });

  it('counts in trending only what everyone may see (issue 16)', async () => {
    const a = await t().signup('trend_vis');
    const create = async (content: string, visibility: string) =>
      (
        await t().call('POST', '/api/posts', {
          token: a.token,
          body: { postData: { content, visibility } },
          headers: { prefer: 'return=minimal' },
        })
      ).json().post._id as string;
    await create('#trendvis', 'public');
    await create('#trendvis #trendhidden', 'followers');
    await create('#trendvis #trendhidden', 'private');
    const removed = await create('#trendvis #trendhidden', 'public');
    await t()
      .db.kysely.updateTable('posts')
      .set({ removed_at: new Date().toISOString() })
      .where('public_id', '=', removed)
      .execute();
    const tags = (await t().call('GET', '/api/tags/trending')).json().tags as { tag: string; posts: number }[];
    expect(tags).toContainEqual({ tag: 'trendvis', posts: 1 });
    expect(tags.map((x) => x.tag)).not.toContain('trendhidden');
  });
});

describe('hashtags of comments (decision 039)', () => {
  const comment = async (token: string, postId: string, content: string, replyTo?: string) => {
    const res = await t().call('POST', `/api/posts/${postId}/comments`, {
      token,
      body: { commentData: { content, ...(replyTo ? { replyTo } : {}) } },
    });
    expect(res.statusCode).toBe(201);
    return res.json().comment._id as string;
  };
  const trendingOf = async (tag: string) =>
    ((await t().call('GET', '/api/tags/trending')).json().tags as { tag: string; posts: number }[]).find(
      (x) => x.tag === tag,
    )?.posts;

  it('list the post on the tag page and count it in trending, once per post, until no text carries the tag', async () => {
    const a = await t().signup('ctag_a');
    const b = await t().signup('ctag_b');
    const first = await post(a.token, 'Deadlifts today #ctagown');
    const second = await post(a.token, 'Rows');
    const c1 = await comment(b.token, first, 'Nice #CtagChat');
    const c2 = await comment(b.token, second, 'Me too #ctagchat');
    const reply = await comment(a.token, second, 'Thanks #ctagchat #ctagreply', c2);
    expect((await tagPage('ctagchat')).posts.map((p) => p._id)).toEqual([second, first]);
    expect(await trendingOf('ctagchat')).toBe(2);

    // The second post's tag stays while its reply carries it; the reply's own tag goes with it.
    await t().call('POST', `/api/comments/edit/${c2}`, {
      token: b.token,
      body: { commentData: { content: 'Me too' } },
    });
    expect((await tagPage('ctagchat')).posts.map((p) => p._id)).toEqual([second, first]);
    await t().call('DELETE', `/api/comments/${reply}`, { token: a.token });
    expect((await tagPage('ctagchat')).posts.map((p) => p._id)).toEqual([first]);
    expect((await tagPage('ctagreply')).posts).toEqual([]);
    expect(await trendingOf('ctagchat')).toBe(1);

    // Editing the post keeps its comments' tags; deleting the comment leaves the post's own.
    await t().call('POST', `/api/posts/edit/${first}`, {
      token: a.token,
      body: { postData: { content: 'Edited #ctagown' } },
    });
    expect((await tagPage('ctagchat')).posts.map((p) => p._id)).toEqual([first]);
    await t().call('DELETE', `/api/comments/${c1}`, { token: b.token });
    expect((await tagPage('ctagchat')).posts).toEqual([]);
    expect((await tagPage('ctagown')).posts.map((p) => p._id)).toEqual([first]);
  });

  it("an erasure takes its comments' hashtags off others' posts, the replies' too (issue 45, finding 10)", async () => {
    const host = await t().signup('etag_host');
    const leaver = await t().signup('etag_leaver');
    const other = await t().signup('etag_other');
    const hostPost = await post(host.token, 'Long run #etaghost');
    const top = await comment(leaver.token, hostPost, 'Great pace #etagleaver #etagshared');
    await comment(other.token, hostPost, 'Agreed #etagreply', top);
    await comment(other.token, hostPost, 'Mine stays #etagshared #etagother');
    for (const tag of ['etaghost', 'etagleaver', 'etagreply', 'etagshared', 'etagother']) {
      expect(
        (await tagPage(tag)).posts.map((p) => p._id),
        tag,
      ).toEqual([hostPost]);
    }
    const erased = await t().call('POST', '/api/users/me/delete', {
      token: leaver.token,
      body: { password: 'correct horse battery' },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    // Their tag and the tag of the reply that went with their comment are gone from the host's post.
    expect((await tagPage('etagleaver')).posts).toEqual([]);
    expect((await tagPage('etagreply')).posts).toEqual([]);
    expect(await trendingOf('etagleaver')).toBeUndefined();
    // What the post's text and the remaining comment carry stays.
    for (const tag of ['etaghost', 'etagshared', 'etagother']) {
      expect(
        (await tagPage(tag)).posts.map((p) => p._id),
        tag,
      ).toEqual([hostPost]);
    }
  });

  it('trending counts the people using a tag, not their posts (issue 45, finding 9)', async () => {
    const spammer = await t().signup('trend_spammer');
    const crowd = await Promise.all(['trend_c1', 'trend_c2', 'trend_c3'].map((name) => t().signup(name)));
    // One account, ten tags, five posts each: before, they filled all ten slots.
    for (let round = 0; round < 5; round++) {
      await post(spammer.token, Array.from({ length: 10 }, (_, i) => `#spamtag${i}`).join(' '));
    }
    for (const person of crowd) await post(person.token, 'Sunrise session #crowdtrend');
    for (const person of crowd.slice(0, 2)) await post(person.token, 'Same here #pairtrend');
    // Tags in comments count their commenters: one person commenting a tag on many posts is one.
    const hosts = await Promise.all(['trend_h1', 'trend_h2', 'trend_h3', 'trend_h4'].map((name) => t().signup(name)));
    for (const host of hosts) {
      const id = await post(host.token, 'My workout');
      await comment(spammer.token, id, 'Follow me #commentspam');
    }
    const tags = (await t().call('GET', '/api/tags/trending')).json().tags as { tag: string; posts: number }[];
    expect(tags.slice(0, 2)).toEqual([
      { tag: 'crowdtrend', posts: 3 },
      { tag: 'pairtrend', posts: 2 },
    ]);
    expect(tags.filter((x) => x.tag.startsWith('spamtag')).length).toBeLessThanOrEqual(8);
    const commentSpam = tags.find((x) => x.tag === 'commentspam');
    if (commentSpam) expect(tags.indexOf(commentSpam)).toBeGreaterThan(1);
  });
});
