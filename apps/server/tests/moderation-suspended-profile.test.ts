import { apiErrors } from '@spotter/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin-cli';
import { signUpPerson } from './helpers/people';
import { type Person, useTestApp } from './helpers/test-app';

/**
 * Decision 048: a moderator opens a suspended person's profile (the report queue links to it), marked
 * with `suspendedAt`, a page of their posts and each of those posts in context: what the rule would
 * show the moderator were the person not suspended. Members and anonymous readers still get 404.
 */
const t = useTestApp();

let mod: Person;
let reader: Person;
let troll: Person;
let readerComment: string;
const posts = {} as Record<'public' | 'followers' | 'private' | 'removed' | 'reportedPrivate', string>;

const signup = (username: string) => signUpPerson(t(), username);
const get = (url: string, token?: string) => t().call('GET', url, token ? { token } : {});
const post = (url: string, token: string, body?: unknown) => t().call('POST', url, { token, body });
const newPost = async (token: string, content: string, visibility = 'public') =>
  (
    await t().call('POST', '/api/posts', {
      token,
      body: { postData: { content, visibility } },
      headers: { prefer: 'return=minimal' },
    })
  ).json().post._id as string;

async function resolve(target: Record<string, string>, action: 'remove_content' | 'suspend_user') {
  expect((await post('/api/reports', reader.token, { report: { ...target, reason: 'spam' } })).statusCode).toBe(201);
  const queue = (await get('/api/admin/reports?limit=100', mod.token)).json().reports as {
    _id: string;
    target: { _id: string };
  }[];
  const open = queue.find((c) => c.target._id === Object.values(target)[0]);
  const res = await post(`/api/admin/reports/${open?._id}/resolve`, mod.token, { action });
  expect(res.statusCode, res.body).toBe(200);
}

const notFound = (res: { statusCode: number; json: () => unknown }, message: string) =>
  expect([res.statusCode, res.json()]).toEqual([404, { errors: [message] }]);

beforeAll(async () => {
  mod = await signup('susp_mod');
  reader = await signup('susp_reader');
  troll = await signup('susp_troll');
  await runAdminCommand(t().db, t().config, ['grant', 'susp_mod']);
  posts.public = await newPost(troll.token, 'A public post');
  posts.followers = await newPost(troll.token, 'For followers', 'followers');
  posts.private = await newPost(troll.token, 'Only mine', 'private');
  posts.reportedPrivate = await newPost(troll.token, 'Private, but reported', 'private');
  posts.removed = await newPost(troll.token, 'Removed by the moderators');
  // The reader follows the troll: their followers-only post is the reader's to see, not the moderator's.
  expect((await post(`/api/users/follow/${troll.userId}`, reader.token)).statusCode).toBe(200);
  await resolve({ postId: posts.removed }, 'remove_content');
  // A post reported while public, then made private by its author (set in the database, the author
  // being about to be suspended): the case still names it.
  await t()
    .db.kysely.updateTable('posts')
    .set({ visibility: 'public' })
    .where('public_id', '=', posts.reportedPrivate)
    .execute();
  expect(
    (await post('/api/reports', reader.token, { report: { postId: posts.reportedPrivate, reason: 'spam' } }))
      .statusCode,
  ).toBe(201);
  await t()
    .db.kysely.updateTable('posts')
    .set({ visibility: 'private' })
    .where('public_id', '=', posts.reportedPrivate)
    .execute();
  const comment = await post(`/api/posts/${posts.public}/comments`, reader.token, {
    commentData: { content: 'A reply from a member in good standing' },
  });
  expect(comment.statusCode, comment.body).toBe(201);
  readerComment = comment.json().comment._id;
  await resolve({ userId: troll.userId }, 'suspend_user');
});

describe("a moderator opens a suspended person's profile", () => {
  it('answers the moderator the profile with suspendedAt; 404 to members and anonymous readers', async () => {
    const res = await get('/api/users/profile/susp_troll', mod.token);
    expect(res.statusCode, res.body).toBe(200);
    const profile = res.json().profile;
    // The posts the moderator may see, as the list below shows them (issue 45, finding 15): the public one.
    expect(profile).toMatchObject({ _id: troll.userId, username: 'susp_troll', postCount: 1 });
    expect(Date.parse(profile.suspendedAt)).not.toBeNaN();
    for (const token of [reader.token, undefined])
      notFound(await get('/api/users/profile/susp_troll', token), apiErrors.userNotFound);
    // Everyone else's profile, the moderator's included, carries no marker.
    expect((await get('/api/users/profile/susp_reader', mod.token)).json().profile).not.toHaveProperty('suspendedAt');
  });

  it('lists the posts the rule would show the moderator, were the person not suspended', async () => {
    const res = await get('/api/posts/user/susp_troll?limit=50', mod.token);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().posts as { _id: string }[]).map((p) => p._id)).toEqual([posts.public]);
    for (const token of [reader.token, undefined]) {
      notFound(await get('/api/posts/user/susp_troll?limit=50', token), apiErrors.userNotFound);
    }
  });

  it('lists their followers and the people they follow to the moderator; 404 to members and anonymous readers', async () => {
    const followers = await get('/api/users/susp_troll/followers?limit=20', mod.token);
    expect(followers.statusCode, followers.body).toBe(200);
    expect((followers.json().users as { username: string }[]).map((u) => u.username)).toEqual(['susp_reader']);
    const following = await get('/api/users/susp_troll/following?limit=20', mod.token);
    expect(following.statusCode, following.body).toBe(200);
    expect(following.json().users).toEqual([]);
    for (const list of ['followers', 'following']) {
      for (const token of [reader.token, undefined]) {
        notFound(await get(`/api/users/susp_troll/${list}?limit=20`, token), apiErrors.userNotFound);
      }
    }
  });

  it('opens those posts in context (post, card, thread), and reported ones; nothing private or removed more', async () => {
    for (const url of [`/api/posts/${posts.public}`, `/api/posts/${posts.public}/card`]) {
      const seen = await get(url, mod.token);
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json().post.content).toBe('A public post');
      for (const token of [reader.token, undefined]) notFound(await get(url, token), apiErrors.postNotFound);
    }
    const thread = await get(`/api/posts/${posts.public}/comments`, mod.token);
    expect((thread.json().comments as { _id: string }[]).map((c) => c._id)).toEqual([readerComment]);
    notFound(await get(`/api/posts/${posts.public}/comments`, reader.token), apiErrors.postNotFound);

    // Reported content opens as decision 046 says; what nobody reported and the rule keeps from the
    // moderator (private, followers-only without following) stays 404.
    for (const id of [posts.reportedPrivate, posts.removed]) {
      expect((await get(`/api/posts/${id}/card`, mod.token)).statusCode).toBe(200);
    }
    for (const id of [posts.private, posts.followers]) {
      notFound(await get(`/api/posts/${id}/card`, mod.token), apiErrors.postNotFound);
      notFound(await get(`/api/posts/${id}`, mod.token), apiErrors.postNotFound);
    }
  });

  it('drops the marker once the suspension is lifted, and members see the profile again', async () => {
    expect((await post(`/api/admin/users/${troll.userId}/unsuspend`, mod.token)).statusCode).toBe(200);
    expect((await get('/api/users/profile/susp_troll', mod.token)).json().profile).not.toHaveProperty('suspendedAt');
    expect((await get('/api/users/profile/susp_troll', reader.token)).statusCode).toBe(200);
    const page = await get('/api/posts/user/susp_troll?limit=50', reader.token);
    expect((page.json().posts as { _id: string }[]).map((p) => p._id)).toEqual([posts.followers, posts.public]);
  });
});
