import { beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin-cli';
import { newPostId } from './helpers/people';
import { type Person, useTestApp } from './helpers/test-app';

/**
 * Issue 16: what a moderator does reaches every read through the one visibility rule (the
 * visibility branch's): removed content disappears for everyone, its author included, and a
 * suspended person's posts and comments are hidden until the suspension is lifted.
 */
const t = useTestApp();

let mod: Person;
let reader: Person;
let author: Person;

const signup = async (username: string) => ({ ...(await t().signup(username)), username });
const get = (url: string, token?: string) => t().call('GET', url, token ? { token } : {});
const newPost = (token: string, content: string) => newPostId(t(), token, content);
const comment = async (token: string, postId: string, content: string) =>
  (await t().call('POST', `/api/posts/${postId}/comments`, { token, body: { commentData: { content } } })).json()
    .comment._id as string;

/** Files a report as `reader` and resolves it with `action` as the moderator. */
async function moderate(target: Record<string, string>, action: 'remove_content' | 'suspend_user') {
  await t().call('POST', '/api/reports', { token: reader.token, body: { report: { ...target, reason: 'spam' } } });
  const queue = (await get('/api/admin/reports?limit=100', mod.token)).json().reports as {
    _id: string;
    target: { _id: string };
  }[];
  const id = Object.values(target)[0];
  const open = queue.find((c) => c.target._id === id);
  const res = await t().call('POST', `/api/admin/reports/${open?._id}/resolve`, {
    token: mod.token,
    body: { action },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Every read that lists posts, as `token` sees it (undefined: anonymous). */
async function postIdsSeen(token: string | undefined, username: string) {
  const lists = await Promise.all([
    get('/api/posts?limit=100', token),
    get('/api/posts', token),
    get(`/api/posts/user/${username}?limit=100`, token),
    get('/api/feed?limit=100', token),
  ]);
  const ids = new Set<string>();
  for (const res of lists) {
    if (res.statusCode !== 200) continue;
    for (const post of res.json().posts as { _id: string }[]) ids.add(post._id);
  }
  return ids;
}

beforeAll(async () => {
  mod = await signup('vis_mod');
  reader = await signup('vis_reader');
  author = await signup('vis_author');
  await runAdminCommand(t().db, t().config, ['grant', 'vis_mod']);
  await t().call('POST', `/api/users/follow/${author.userId}`, { token: reader.token });
});

describe('removed content disappears for everyone', () => {
  it('a removed post: 404 and gone from every list, for the reader, its author and anonymous callers', async () => {
    const postId = await newPost(author.token, 'Removed by the moderators');
    await moderate({ postId }, 'remove_content');
    for (const token of [reader.token, author.token, undefined]) {
      expect((await get(`/api/posts/${postId}`, token)).statusCode).toBe(404);
      expect(await postIdsSeen(token, author.username)).not.toContain(postId);
    }
  });

  it('a removed comment is gone from its thread and its tags for everyone; the post stays', async () => {
    const postId = await newPost(author.token, 'A post with a bad comment');
    const commentId = await comment(author.token, postId, 'A comment the moderators remove #modremoved');
    const kept = await comment(reader.token, postId, 'A fine comment');
    const tagged = async () =>
      ((await get('/api/tags/modremoved/posts')).json().posts as { _id: string }[]).map((p) => p._id);
    expect(await tagged()).toEqual([postId]);
    await moderate({ commentId }, 'remove_content');
    expect(await tagged()).toEqual([]);
    for (const token of [reader.token, author.token, undefined]) {
      const res = await get(`/api/posts/${postId}/comments`, token);
      expect(res.statusCode).toBe(200);
      expect(res.json().comments.map((c: { _id: string }) => c._id)).toEqual([kept]);
    }
  });
});

describe("a suspended person's content is hidden", () => {
  it('their posts and comments are hidden until the suspension is lifted', async () => {
    const troll = await signup('vis_troll');
    const postId = await newPost(troll.token, 'Posted before the suspension');
    const host = await newPost(reader.token, 'A post the troll comments on');
    const commentId = await comment(troll.token, host, 'A comment before the suspension');
    await moderate({ userId: troll.userId }, 'suspend_user');
    for (const token of [reader.token, undefined]) {
      expect((await get(`/api/posts/${postId}`, token)).statusCode).toBe(404);
      expect(await postIdsSeen(token, troll.username)).not.toContain(postId);
      const thread = (await get(`/api/posts/${host}/comments`, token)).json().comments as { _id: string }[];
      expect(thread.map((c) => c._id)).not.toContain(commentId);
    }
    const lifted = await t().call('POST', `/api/admin/users/${troll.userId}/unsuspend`, { token: mod.token });
    expect(lifted.statusCode).toBe(200);
    expect((await get(`/api/posts/${postId}`, reader.token)).statusCode).toBe(200);
  });
});
