import { apiErrors, type Post } from '@spotter/contract';
import { postsResponseSchema } from '@spotter/contract/schemas';
import { describe, expect, it } from 'vitest';
import { whileNotificationsFail } from './helpers/refuse-notifications';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

async function newPost(token: string): Promise<string> {
  const res = await t().call('POST', '/api/posts', { token, body: { postData: { content: 'Rate my squat form' } } });
  const list = postsResponseSchema.parse(res.json()).posts;
  return list[list.length - 1]?._id ?? '';
}

const postIn = (body: unknown, id: string): Post | undefined =>
  postsResponseSchema.parse(body).posts.find((p) => p._id === id);

describe('like and dislike (SPEC §4)', () => {
  it('a like adds the user to likedBy and raises likeCount; a dislike reverses it and fills dislikedBy', async () => {
    const author = await t().signup('like_author');
    const fan = await t().signup('like_fan');
    const id = await newPost(author.token);
    const before = await t().call('GET', `/api/posts/${id}`);
    const created = before.json().post.updatedAt as string;

    const liked = await t().call('POST', `/api/posts/like/${id}`, { token: fan.token });
    expect(liked.statusCode).toBe(201);
    const afterLike = postIn(liked.json(), id);
    expect(afterLike?.likes.likeCount).toBe(1);
    expect(afterLike?.likes.likedBy.map((u) => u._id)).toEqual([fan.userId]);
    expect(afterLike?.likes.dislikedBy).toEqual([]);
    expect(Date.parse(afterLike?.updatedAt ?? '')).toBeGreaterThan(Date.parse(created));

    const disliked = await t().call('POST', `/api/posts/dislike/${id}`, { token: fan.token });
    expect(disliked.statusCode).toBe(201);
    const afterDislike = postIn(disliked.json(), id);
    expect(afterDislike?.likes.likeCount).toBe(0);
    expect(afterDislike?.likes.likedBy).toEqual([]);
    expect(afterDislike?.likes.dislikedBy.map((u) => u._id)).toEqual([fan.userId]);

    const again = await t().call('POST', `/api/posts/like/${id}`, { token: fan.token });
    const afterRelike = postIn(again.json(), id);
    expect(afterRelike?.likes).toMatchObject({ likeCount: 1, dislikedBy: [] });
  });

  it("refuses a second like with the spec's message", async () => {
    const author = await t().signup('twice_author');
    const id = await newPost(author.token);
    await t().call('POST', `/api/posts/like/${id}`, { token: author.token });
    const res = await t().call('POST', `/api/posts/like/${id}`, { token: author.token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [apiErrors.alreadyLiked] });
    expect((await t().call('GET', `/api/posts/${id}`)).json().post.likes.likeCount).toBe(1);
  });

  it('refuses a dislike at likeCount 0 first, then a second dislike, then one without a like', async () => {
    const author = await t().signup('order_author');
    const other = await t().signup('order_other');
    const id = await newPost(author.token);

    const atZero = await t().call('POST', `/api/posts/dislike/${id}`, { token: other.token });
    expect(atZero.statusCode).toBe(400);
    expect(atZero.json()).toEqual({ errors: [apiErrors.likeBelowZero] });

    await t().call('POST', `/api/posts/like/${id}`, { token: author.token });
    const notLiked = await t().call('POST', `/api/posts/dislike/${id}`, { token: other.token });
    expect(notLiked.statusCode).toBe(400);
    expect(notLiked.json()).toEqual({ errors: [apiErrors.dislikeNotLiked] });
    expect((await t().call('GET', `/api/posts/${id}`)).json().post.likes).toMatchObject({ likeCount: 1 });

    await t().call('POST', `/api/posts/like/${id}`, { token: other.token });
    await t().call('POST', `/api/posts/dislike/${id}`, { token: other.token });
    const twice = await t().call('POST', `/api/posts/dislike/${id}`, { token: other.token });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ errors: [apiErrors.alreadyDisliked] });

    const post = (await t().call('GET', `/api/posts/${id}`)).json().post as Post;
    expect(post.likes.likeCount).toBe(post.likes.likedBy.length);
  });

  it('answers 404 for an unknown post', async () => {
    const user = await t().signup('ghost_liker');
    for (const action of ['like', 'dislike']) {
      const res = await t().call('POST', `/api/posts/${action}/00000000-0000-4000-8000-000000000000`, {
        token: user.token,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errors: [apiErrors.postNotFound] });
    }
  });

  it("keeps a like whose notification cannot be recorded, and leaves no half of the author's entry", async () => {
    const author = await t().signup('unnotified_author');
    const fan = await t().signup('unnotified_fan');
    const id = await newPost(author.token);
    await whileNotificationsFail(t().db, async () => {
      const liked = await t().call('POST', `/api/posts/like/${id}`, {
        token: fan.token,
        headers: { prefer: 'return=minimal' },
      });
      expect(liked.statusCode).toBe(201);
      expect(liked.json().post).toMatchObject({ likeCount: 1, likedByMe: true });
    });
    expect((await t().call('GET', `/api/posts/${id}`)).json().post.likes.likeCount).toBe(1);
    const told = await t().call('GET', '/api/notifications', { token: author.token });
    expect(told.json()).toMatchObject({ notifications: [], unreadCount: 0 });
  });
});
