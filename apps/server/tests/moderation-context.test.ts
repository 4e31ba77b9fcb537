import { beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin-cli';
import { useTestApp } from './helpers/test-app';

/**
 * Decision 046: the report queue's "See it in context" opens the post page (GET /api/posts/:postId
 * and its comments). A moderator opens a reported post or comment the rule hides (removed, its
 * author suspended); everyone else still gets 404 and a thread without it, and a moderator gets
 * nothing more than anyone else for content nobody reported.
 */
const t = useTestApp();

interface Person {
  token: string;
  userId: string;
}
let mod: Person;
let reader: Person;
let author: Person;

const get = (url: string, token?: string) => t().call('GET', url, token ? { token } : {});
const newPost = async (token: string, content: string, visibility = 'public') =>
  (
    await t().call('POST', '/api/posts', {
      token,
      body: { postData: { content, visibility } },
      headers: { prefer: 'return=minimal' },
    })
  ).json().post._id as string;
const comment = async (token: string, postId: string, content: string) =>
  (await t().call('POST', `/api/posts/${postId}/comments`, { token, body: { commentData: { content } } })).json()
    .comment._id as string;
const threadIds = async (postId: string, token?: string) => {
  const res = await get(`/api/posts/${postId}/comments`, token);
  return res.statusCode === 200 ? (res.json().comments as { _id: string }[]).map((c) => c._id) : res.statusCode;
};

async function moderate(target: Record<string, string>, action: 'remove_content' | 'suspend_user') {
  await t().call('POST', '/api/reports', { token: reader.token, body: { report: { ...target, reason: 'spam' } } });
  const queue = (await get('/api/admin/reports?limit=100', mod.token)).json().reports as {
    _id: string;
    target: { _id: string };
  }[];
  const open = queue.find((c) => c.target._id === Object.values(target)[0]);
  const res = await t().call('POST', `/api/admin/reports/${open?._id}/resolve`, { token: mod.token, body: { action } });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  mod = await t().signup('ctx_mod');
  reader = await t().signup('ctx_reader');
  author = await t().signup('ctx_author');
  await runAdminCommand(t().db, t().config, ['grant', 'ctx_mod']);
});

describe('a moderator sees reported content in context', () => {
  it('a removed post opens for the moderator, with its thread; 404 for everyone else', async () => {
    const postId = await newPost(author.token, 'Removed by the moderators');
    const remark = await comment(reader.token, postId, 'A comment under it');
    await moderate({ postId }, 'remove_content');
    // The post page reads the card; the full post is the spec's call.
    for (const url of [`/api/posts/${postId}`, `/api/posts/${postId}/card`]) {
      const seen = await get(url, mod.token);
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json().post.content).toBe('Removed by the moderators');
      for (const token of [reader.token, author.token, undefined]) {
        const res = await get(url, token);
        expect([res.statusCode, res.json()]).toEqual([404, { errors: ['Post not found'] }]);
      }
    }
    expect(await threadIds(postId, mod.token)).toEqual([remark]);
    for (const token of [reader.token, author.token, undefined]) expect(await threadIds(postId, token)).toBe(404);
  });

  it('a removed comment shows in its thread for the moderator only', async () => {
    const postId = await newPost(reader.token, 'A post with a bad comment');
    const bad = await comment(author.token, postId, 'The moderators remove this');
    const fine = await comment(reader.token, postId, 'A fine comment');
    await moderate({ commentId: bad }, 'remove_content');
    expect(await threadIds(postId, mod.token)).toEqual([bad, fine]);
    for (const token of [reader.token, author.token, undefined]) expect(await threadIds(postId, token)).toEqual([fine]);
  });

  it("a suspended author's reported post opens for the moderator", async () => {
    const troll = await t().signup('ctx_troll');
    const postId = await newPost(troll.token, 'Reported, its author suspended');
    await moderate({ postId }, 'suspend_user');
    for (const url of [`/api/posts/${postId}`, `/api/posts/${postId}/card`]) {
      expect((await get(url, mod.token)).statusCode).toBe(200);
      expect((await get(url, reader.token)).statusCode).toBe(404);
    }
  });

  it('content nobody reported stays hidden from moderators as from anyone', async () => {
    const secret = await newPost(author.token, 'Only mine', 'private');
    for (const url of [`/api/posts/${secret}`, `/api/posts/${secret}/card`]) {
      const res = await get(url, mod.token);
      expect([res.statusCode, res.json()]).toEqual([404, { errors: ['Post not found'] }]);
    }
    expect(await threadIds(secret, mod.token)).toBe(404);
    expect((await get(`/api/posts/${secret}`, author.token)).statusCode).toBe(200);
  });
});
