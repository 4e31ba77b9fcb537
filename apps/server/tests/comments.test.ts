import { apiErrors, type Comment } from '@spotter/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

async function newPost(token: string, content = 'Squat day'): Promise<string> {
  const res = await t().call('POST', '/api/posts', {
    token,
    body: { postData: { content } },
    headers: { prefer: 'return=minimal' },
  });
  return res.json().post._id as string;
}

const comment = (token: string, postId: string, content: string, replyTo?: string) =>
  t().call('POST', `/api/posts/${postId}/comments`, {
    token,
    body: { commentData: { content, ...(replyTo ? { replyTo } : {}) } },
  });

const commentCount = async (postId: string) =>
  (await t().call('GET', `/api/posts/${postId}/card`)).json().post.commentCount as number;

async function allComments(postId: string, limit: number): Promise<Comment[]> {
  const seen: Comment[] = [];
  let cursor: string | null = null;
  do {
    const res = await t().call(
      'GET',
      `/api/posts/${postId}/comments?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.statusCode).toBe(200);
    seen.push(...res.json().comments);
    cursor = res.json().nextCursor;
  } while (cursor);
  return seen;
}

describe('comments (issue 14)', () => {
  it('creates a comment with its author, answers 201 { comment }, and counts it on the card and the post', async () => {
    const author = await t().signup('c_author');
    const fan = await t().signup('c_fan');
    const postId = await newPost(author.token);
    const res = await comment(fan.token, postId, 'Great depth!');
    expect(res.statusCode).toBe(201);
    const created = res.json().comment as Comment;
    expect(created).toMatchObject({ postId, content: 'Great depth!', replyTo: null, author: { username: 'c_fan' } });
    expect(created.createdAt).toBe(created.updatedAt);
    expect(await commentCount(postId)).toBe(1);
    expect((await t().call('GET', `/api/posts/${postId}`)).json().post.commentCount).toBe(1);
    const page = (await t().call('GET', '/api/posts?limit=5')).json().posts as { _id: string; commentCount: number }[];
    expect(page.find((p) => p._id === postId)?.commentCount).toBe(1);
  });

  it('lists oldest first with replies right after their parent; a reply to a reply attaches to the top-level comment', async () => {
    const a = await t().signup('thread_a');
    const b = await t().signup('thread_b');
    const postId = await newPost(a.token);
    const first = (await comment(a.token, postId, 'first')).json().comment as Comment;
    const second = (await comment(b.token, postId, 'second')).json().comment as Comment;
    const reply1 = (await comment(b.token, postId, 'reply 1', first._id)).json().comment as Comment;
    const reply2 = (await comment(a.token, postId, 'reply 2', reply1._id)).json().comment as Comment;
    expect(reply1.replyTo).toBe(first._id);
    expect(reply2.replyTo).toBe(first._id);
    const third = (await comment(a.token, postId, 'third')).json().comment as Comment;
    for (const limit of [1, 2, 20]) {
      expect((await allComments(postId, limit)).map((c) => c.content)).toEqual([
        'first',
        'reply 1',
        'reply 2',
        'second',
        'third',
      ]);
    }
    expect([second._id, third._id]).toHaveLength(2);
    expect(await commentCount(postId)).toBe(5);
  });

  it('keeps commentCount exact under 20 parallel comments', async () => {
    const a = await t().signup('par_author');
    const people = await Promise.all(Array.from({ length: 4 }, (_, i) => t().signup(`par_${i}`)));
    const postId = await newPost(a.token);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => comment(people[i % 4]?.token ?? '', postId, `comment ${i}`)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(await commentCount(postId)).toBe(20);
    expect(await allComments(postId, 100)).toHaveLength(20);
  });

  it('refuses empty or too long content, an unknown post or parent, and a bad cursor, with clear 4xx', async () => {
    const a = await t().signup('bad_c');
    const postId = await newPost(a.token);
    const empty = await comment(a.token, postId, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.join()).toContain(apiErrors.addComment);
    const long = await comment(a.token, postId, 'x'.repeat(2001));
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.join()).toContain('at most 2000 characters');
    expect((await comment(a.token, postId, 'x'.repeat(2000))).statusCode).toBe(201);
    const noPost = await comment(a.token, '00000000-0000-4000-8000-000000000000', 'hi');
    expect(noPost.statusCode).toBe(404);
    expect(noPost.json()).toEqual({ errors: [apiErrors.postNotFound] });
    const noParent = await comment(a.token, postId, 'hi', '00000000-0000-4000-8000-000000000000');
    expect(noParent.statusCode).toBe(404);
    expect(noParent.json()).toEqual({ errors: [apiErrors.commentNotFound] });
    const list = await t().call('GET', '/api/posts/00000000-0000-4000-8000-000000000000/comments');
    expect(list.statusCode).toBe(404);
    const cursor = await t().call('GET', `/api/posts/${postId}/comments?cursor=nonsense`);
    expect(cursor.statusCode).toBe(400);
    const anonymous = await t().call('POST', `/api/posts/${postId}/comments`, {
      body: { commentData: { content: 'x' } },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('edits only by its author (403 otherwise), 404 for an unknown comment', async () => {
    const a = await t().signup('edit_a');
    const b = await t().signup('edit_b');
    const postId = await newPost(a.token);
    const c = (await comment(b.token, postId, 'typo')).json().comment as Comment;
    const byOther = await t().call('POST', `/api/comments/edit/${c._id}`, {
      token: a.token,
      body: { commentData: { content: 'hacked' } },
    });
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json()).toEqual({ errors: [apiErrors.cannotEditComment] });
    const edited = await t().call('POST', `/api/comments/edit/${c._id}`, {
      token: b.token,
      body: { commentData: { content: 'fixed' } },
    });
    expect(edited.statusCode).toBe(201);
    expect(edited.json().comment).toMatchObject({ _id: c._id, content: 'fixed' });
    const empty = await t().call('POST', `/api/comments/edit/${c._id}`, {
      token: b.token,
      body: { commentData: { content: '' } },
    });
    expect(empty.statusCode).toBe(400);
    const unknown = await t().call('POST', '/api/comments/edit/00000000-0000-4000-8000-000000000000', {
      token: b.token,
      body: { commentData: { content: 'x' } },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errors: [apiErrors.commentNotFound] });
  });

  it("deletes by its author or the post's author (with its replies), refuses others with 403", async () => {
    const a = await t().signup('del_a');
    const b = await t().signup('del_b');
    const c = await t().signup('del_c');
    const postId = await newPost(a.token);
    const top = (await comment(b.token, postId, 'top')).json().comment as Comment;
    await comment(c.token, postId, 'reply', top._id);
    const other = (await comment(b.token, postId, 'other')).json().comment as Comment;
    expect(await commentCount(postId)).toBe(3);
    const refused = await t().call('DELETE', `/api/comments/${top._id}`, { token: c.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errors: [apiErrors.cannotDeleteComment] });
    const byPostAuthor = await t().call('DELETE', `/api/comments/${top._id}`, { token: a.token });
    expect(byPostAuthor.statusCode).toBe(200);
    expect(byPostAuthor.json().comment._id).toBe(top._id);
    expect(await commentCount(postId)).toBe(1);
    expect((await allComments(postId, 10)).map((x) => x.content)).toEqual(['other']);
    const byAuthor = await t().call('DELETE', `/api/comments/${other._id}`, { token: b.token });
    expect(byAuthor.statusCode).toBe(200);
    expect(await commentCount(postId)).toBe(0);
    const again = await t().call('DELETE', `/api/comments/${other._id}`, { token: b.token });
    expect(again.statusCode).toBe(404);
  });

  it('deleting a post deletes its comments', async () => {
    const a = await t().signup('postdel_a');
    const postId = await newPost(a.token);
    const c = (await comment(a.token, postId, 'soon gone')).json().comment as Comment;
    expect((await t().call('DELETE', `/api/posts/${postId}`, { token: a.token })).statusCode).toBe(201);
    const rows = await t().db.kysely.selectFrom('comments').select('id').where('public_id', '=', c._id).execute();
    expect(rows).toEqual([]);
    expect((await t().call('DELETE', `/api/comments/${c._id}`, { token: a.token })).statusCode).toBe(404);
  });
});
