import { apiErrors } from '@spotter/contract';
import { postResponseSchema, postsResponseSchema } from '@spotter/contract/schemas';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/accounts/password';
import { guest, seedPost, seedUser } from './helpers/seed-data';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

const posts = async () => postsResponseSchema.parse((await t().call('GET', '/api/posts')).json()).posts;

describe('reading posts (public)', () => {
  it('GET /api/posts lists the 19 seed posts in list order, each with its author and likes', async () => {
    const res = await t().call('GET', '/api/posts');
    expect(res.statusCode).toBe(200);
    const list = postsResponseSchema.parse(res.json()).posts;
    expect(list).toHaveLength(19);
    const times = list.map((p) => Date.parse(p.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const first = list[0];
    expect(first).toMatchObject({
      _id: seedPost('maya-pr').id,
      username: 'maya_lifts',
      firstname: 'Maya',
      lastname: 'Okafor',
      likes: { likeCount: 4 },
    });
    expect(first?.likes.likedBy.map((u) => u.username)).toEqual([
      'coach_dan',
      'guest',
      'kettlebell_kai',
      'runwithpriya',
    ]);
    for (const post of list) expect(post.likes.likeCount).toBe(post.likes.likedBy.length);
  });

  it('GET /api/posts/:postId answers one post, 404 for an unknown id', async () => {
    const res = await t().call('GET', `/api/posts/${seedPost('dan-form').id}`);
    expect(res.statusCode).toBe(200);
    expect(postResponseSchema.parse(res.json()).post.content).toBe(seedPost('dan-form').content);
    const missing = await t().call('GET', '/api/posts/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ errors: [apiErrors.postNotFound] });
  });

  it("GET /api/posts/user/:username answers that user's posts only", async () => {
    const res = await t().call('GET', '/api/posts/user/maya_lifts');
    expect(res.statusCode).toBe(200);
    const list = postsResponseSchema.parse(res.json()).posts;
    expect(list.map((p) => p.username)).toEqual(['maya_lifts', 'maya_lifts', 'maya_lifts']);
    expect((await t().call('GET', '/api/posts/user/nobody')).json()).toEqual({ posts: [] });
  });
});

describe('POST /api/posts', () => {
  it('creates a post: 201 with every post, the new one last with likeCount 0 and empty lists', async () => {
    const { token } = await t().login(guest.username, guest.password);
    const res = await t().call('POST', '/api/posts', {
      token,
      body: { postData: { content: 'Leg day: 5x5 front squats', image: 'https://example.com/squat.jpg' } },
    });
    expect(res.statusCode).toBe(201);
    const list = postsResponseSchema.parse(res.json()).posts;
    const created = list[list.length - 1];
    expect(created).toMatchObject({
      content: 'Leg day: 5x5 front squats',
      image: 'https://example.com/squat.jpg',
      mediaType: 'image',
      username: 'guest',
      firstname: 'Guest',
      likes: { likeCount: 0, likedBy: [], dislikedBy: [] },
    });
    expect(created?.createdAt).toBe(created?.updatedAt);
  });

  it('needs a token', async () => {
    const before = (await posts()).length;
    const res = await t().call('POST', '/api/posts', { body: { postData: { content: 'anonymous?' } } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: [apiErrors.invalidToken] });
    expect(await posts()).toHaveLength(before);
  });

  it('refuses a post with neither text nor image', async () => {
    const { token } = await t().login(guest.username, guest.password);
    const res = await t().call('POST', '/api/posts', { token, body: { postData: { content: '  ' } } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: ['postData.content: Add content to post'] });
  });
});

describe('POST /api/posts/edit/:postId', () => {
  it('merges the given fields into the post and sets updatedAt', async () => {
    const { token } = await t().login(guest.username, guest.password);
    const id = seedPost('guest-first').id;
    const before = (await posts()).find((p) => p._id === id);
    const res = await t().call('POST', `/api/posts/edit/${id}`, {
      token,
      body: { postData: { image: 'https://example.com/rows.jpg' } },
    });
    expect(res.statusCode).toBe(201);
    const after = postsResponseSchema.parse(res.json()).posts.find((p) => p._id === id);
    expect(after?.content).toBe(before?.content);
    expect(after?.image).toBe('https://example.com/rows.jpg');
    expect(after?.likes).toEqual(before?.likes);
    expect(Date.parse(after?.updatedAt ?? '')).toBeGreaterThan(Date.parse(before?.updatedAt ?? ''));

    const second = await t().call('POST', `/api/posts/edit/${id}`, {
      token,
      body: { postData: { content: 'Edited' } },
    });
    const edited = postsResponseSchema.parse(second.json()).posts.find((p) => p._id === id);
    expect(edited).toMatchObject({ content: 'Edited', image: 'https://example.com/rows.jpg' });
  });

  it("refuses to edit someone else's post with the spec's 400 and changes nothing", async () => {
    const { token } = await t().login(guest.username, guest.password);
    const id = seedPost('maya-pr').id;
    const res = await t().call('POST', `/api/posts/edit/${id}`, { token, body: { postData: { content: 'mine now' } } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [apiErrors.cannotEditPost] });
    expect((await posts()).find((p) => p._id === id)?.content).toBe(seedPost('maya-pr').content);
  });

  it('answers 404 for an unknown post', async () => {
    const { token } = await t().login(guest.username, guest.password);
    const res = await t().call('POST', '/api/posts/edit/00000000-0000-4000-8000-000000000000', {
      token,
      body: { postData: { content: 'x' } },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('DELETE /api/posts/:postId', () => {
  it('deletes own post: 201 with the remaining posts; its bookmarks go with it', async () => {
    const { token } = await t().signup('deleter');
    const created = postsResponseSchema.parse(
      (await t().call('POST', '/api/posts', { token, body: { postData: { content: 'temporary' } } })).json(),
    ).posts;
    const id = created[created.length - 1]?._id ?? '';
    await t().call('POST', `/api/users/bookmark/${id}`, { token });
    const res = await t().call('DELETE', `/api/posts/${id}`, { token });
    expect(res.statusCode).toBe(201);
    const list = postsResponseSchema.parse(res.json()).posts;
    expect(list.find((p) => p._id === id)).toBeUndefined();
    expect(list).toHaveLength(created.length - 1);
    expect((await t().call('GET', '/api/users/bookmark', { token })).json()).toEqual({ bookmarks: [] });
  });

  it("refuses to delete someone else's post with the spec's 400", async () => {
    const { token } = await t().login(guest.username, guest.password);
    const res = await t().call('DELETE', `/api/posts/${seedPost('dan-form').id}`, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [apiErrors.cannotDeletePost] });
    expect((await posts()).some((p) => p._id === seedPost('dan-form').id)).toBe(true);
  });

  it('answers 404 for an unknown post', async () => {
    const { token } = await t().login(guest.username, guest.password);
    expect((await t().call('DELETE', '/api/posts/00000000-0000-4000-8000-000000000000', { token })).statusCode).toBe(
      404,
    );
  });
});

describe('authors everywhere', () => {
  it("a profile edit replaces the author's avatar on every post", async () => {
    // Seeded people's passwords are random: give Maya a known one.
    const maya = seedUser('maya');
    await t()
      .db.kysely.updateTable('users')
      .set({ password_hash: await hashPassword('maya-test-password') })
      .where('public_id', '=', maya.id)
      .execute();
    const { token } = await t().login(maya.username, 'maya-test-password');
    await t().call('POST', '/api/users/edit', { token, body: { userData: { avatarUrl: '/avatars/avatar-7.svg' } } });
    const mine = (await posts()).filter((p) => p.username === 'maya_lifts');
    expect(mine.length).toBeGreaterThan(0);
    for (const post of mine) expect(post.avatarUrl).toBe('/avatars/avatar-7.svg');
    const likedByMaya = (await posts()).flatMap((p) => p.likes.likedBy).filter((u) => u.username === 'maya_lifts');
    for (const user of likedByMaya) expect(user.avatarUrl).toBe('/avatars/avatar-7.svg');
  });
});
