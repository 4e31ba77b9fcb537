import { apiErrors } from '@spotter/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin-cli';
import { signUpPerson } from './helpers/people';
import { type Person, useTestApp } from './helpers/test-app';

/**
 * Issue 45, finding 8: a report names only what the reporter may see. A post or comment hidden from
 * them answers exactly as an unknown one does (a 201 told a stranger that a private post exists),
 * and a moderator cannot open a post to themselves by reporting it (the moderators' exception opens
 * reported posts).
 */
const t = useTestApp();

let author: Person;
let stranger: Person;
let follower: Person;
let mod: Person;

const report = (token: string, target: Record<string, string>) =>
  t().call('POST', '/api/reports', { token, body: { report: { ...target, reason: 'spam' } } });

async function newPost(content: string, visibility: 'public' | 'followers' | 'private') {
  const res = await t().call('POST', '/api/posts', {
    token: author.token,
    body: { postData: { content, visibility } },
    headers: { prefer: 'return=minimal' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().post._id as string;
}

async function newComment(postId: string, content: string) {
  const res = await t().call('POST', `/api/posts/${postId}/comments`, {
    token: author.token,
    body: { commentData: { content } },
  });
  expect(res.statusCode).toBe(201);
  return res.json().comment._id as string;
}

const unknownPost = { errors: [apiErrors.postNotFound] };
const unknownComment = { errors: [apiErrors.commentNotFound] };

beforeAll(async () => {
  author = await signUpPerson(t(), 'rv_author');
  stranger = await signUpPerson(t(), 'rv_stranger');
  follower = await signUpPerson(t(), 'rv_follower');
  mod = await signUpPerson(t(), 'rv_mod');
  await runAdminCommand(t().db, t().config, ['grant', 'rv_mod']);
  const followed = await t().call('POST', `/api/users/follow/${author.userId}`, { token: follower.token });
  expect(followed.statusCode).toBe(200);
});

describe('reporting what one cannot see (issue 45, finding 8)', () => {
  it('a hidden post or comment answers as an unknown one, and no report is filed', async () => {
    const hidden = await newPost('Only me', 'private');
    const forFollowers = await newPost('Followers only', 'followers');
    const hiddenComment = await newComment(hidden, 'A note to self');
    const followersComment = await newComment(forFollowers, 'For my followers');
    const unknown = await report(stranger.token, { postId: crypto.randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(unknownPost);
    for (const postId of [hidden, forFollowers]) {
      const res = await report(stranger.token, { postId });
      expect(res.statusCode, postId).toBe(404);
      expect(res.json()).toEqual(unknownPost);
    }
    for (const commentId of [hiddenComment, followersComment]) {
      const res = await report(stranger.token, { commentId });
      expect(res.statusCode, commentId).toBe(404);
      expect(res.json()).toEqual(unknownComment);
    }
    // A follower sees the followers-only post and its comment, and may report them.
    expect((await report(follower.token, { postId: forFollowers })).statusCode).toBe(201);
    expect((await report(follower.token, { commentId: followersComment })).statusCode).toBe(201);
    // The private one stays hidden from the follower too.
    expect((await report(follower.token, { postId: hidden })).statusCode).toBe(404);
    const filed = await t()
      .db.kysely.selectFrom('reports')
      .innerJoin('posts', 'posts.id', 'reports.post_id')
      .select('posts.public_id')
      .where('posts.public_id', '=', hidden)
      .execute();
    expect(filed).toEqual([]);
  });

  it('someone blocked by the author cannot report their public post either', async () => {
    const open = await newPost('Public, but not for you', 'public');
    expect((await report(stranger.token, { postId: open })).statusCode).toBe(201);
    const blocked = await signUpPerson(t(), 'rv_blocked');
    const block = await t().call('POST', `/api/users/block/${blocked.userId}`, { token: author.token });
    expect(block.statusCode).toBeLessThan(300);
    const res = await report(blocked.token, { postId: open });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(unknownPost);
  });

  it("a moderator's own report of a private post is a 404 and does not open it to them", async () => {
    const hidden = await newPost('Private plans', 'private');
    const res = await report(mod.token, { postId: hidden });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(unknownPost);
    const read = await t().call('GET', `/api/posts/${hidden}`, { token: mod.token });
    expect(read.statusCode).toBe(404);
    const queue = (await t().call('GET', '/api/admin/reports?limit=100', { token: mod.token })).json().reports as {
      target: { _id: string };
    }[];
    expect(queue.map((c) => c.target._id)).not.toContain(hidden);
  });
});
