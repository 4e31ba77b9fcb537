import { apiErrors } from '@spotter/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin-cli';
import { newPostId, signUpPerson } from './helpers/people';
import { type Person, useTestApp } from './helpers/test-app';

/**
 * Decision 048: a moderator restores a post or comment the moderators removed. It is seen again
 * wherever the rule lets it be seen, counts again (decision 046), lists its hashtags again, and the
 * restore is audited. Unknown content is 404, content not removed 409, a member 403; none of them
 * changes anything.
 */
const t = useTestApp();

let mod: Person;
let reader: Person;
let author: Person;

const signup = (username: string) => signUpPerson(t(), username);
const get = (url: string, token?: string) => t().call('GET', url, token ? { token } : {});
const post = (url: string, token: string, body?: unknown) => t().call('POST', url, { token, body });
const newPost = (token: string, content: string) => newPostId(t(), token, content);
const comment = async (token: string, postId: string, content: string) => {
  const res = await post(`/api/posts/${postId}/comments`, token, { commentData: { content } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().comment._id as string;
};
const restorePost = (postId: string, token = mod.token) => post(`/api/admin/posts/${postId}/restore`, token);
const restoreComment = (commentId: string, token = mod.token) =>
  post(`/api/admin/comments/${commentId}/restore`, token);

/** Files a report as `reader` and resolves it as the moderator; answers the case. */
async function resolve(target: Record<string, string>, action: 'remove_content' | 'suspend_user') {
  const filed = await post('/api/reports', reader.token, { report: { ...target, reason: 'spam' } });
  expect(filed.statusCode, filed.body).toBe(201);
  const queue = (await get('/api/admin/reports?limit=100', mod.token)).json().reports as {
    _id: string;
    target: { _id: string };
  }[];
  const open = queue.find((c) => c.target._id === Object.values(target)[0]);
  const res = await post(`/api/admin/reports/${open?._id}/resolve`, mod.token, { action });
  expect(res.statusCode, res.body).toBe(200);
  return open?._id as string;
}
const remove = (target: { postId: string } | { commentId: string }) => resolve(target, 'remove_content');

const postCount = async (person: Person) =>
  (await get(`/api/users/profile/${person.username}`, reader.token)).json().profile.postCount as number;
const commentCount = async (postId: string) => {
  const card = (await get(`/api/posts/${postId}/card`, reader.token)).json().post;
  const full = (await get(`/api/posts/${postId}`, reader.token)).json().post;
  expect(card.commentCount).toBe(full.commentCount);
  return card.commentCount as number;
};
const profilePostIds = async (person: Person, token?: string) =>
  ((await get(`/api/posts/user/${person.username}?limit=100`, token)).json().posts as { _id: string }[]).map(
    (p) => p._id,
  );
const threadIds = async (postId: string, token?: string) =>
  ((await get(`/api/posts/${postId}/comments`, token)).json().comments as { _id: string }[]).map((c) => c._id);
const latestAudit = async () =>
  (await get('/api/admin/audit?limit=1', mod.token)).json().entries[0] as {
    action: string;
    moderator: { username: string } | null;
    subject: { username: string } | null;
    reportId: string | null;
    target: { type: string; _id: string } | null;
  };

beforeAll(async () => {
  mod = await signup('rst_mod');
  reader = await signup('rst_reader');
  author = await signup('rst_author');
  await runAdminCommand(t().db, t().config, ['grant', 'rst_mod']);
});

describe('restoring a removed post', () => {
  it('brings it back for everyone, in its author’s post count, audited with the case that removed it', async () => {
    const postId = await newPost(author.token, 'Removed by mistake');
    expect(await profilePostIds(author, reader.token)).toContain(postId); // the card is cached now
    const before = await postCount(author);
    const caseId = await remove({ postId });
    expect(await postCount(author)).toBe(before - 1);
    expect((await get(`/api/posts/${postId}`, reader.token)).statusCode).toBe(404);

    const res = await restorePost(postId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      restored: {
        type: 'post',
        _id: postId,
        postId,
        author: expect.objectContaining({ _id: author.userId, username: 'rst_author' }),
      },
    });
    expect(await postCount(author)).toBe(before);
    for (const token of [reader.token, author.token, undefined]) {
      expect((await get(`/api/posts/${postId}`, token)).statusCode).toBe(200);
      expect((await get(`/api/posts/${postId}/card`, token)).json().post.content).toBe('Removed by mistake');
      expect(await profilePostIds(author, token)).toContain(postId);
    }
    expect(await latestAudit()).toMatchObject({
      action: 'restore_content',
      moderator: { username: 'rst_mod' },
      subject: { username: 'rst_author' },
      reportId: caseId,
      target: { type: 'post', _id: postId },
    });
    // The queue's resolved case no longer says "removed".
    const resolved = (await get('/api/admin/reports?status=resolved&limit=100', mod.token)).json().reports as {
      _id: string;
      target: { removed: boolean };
    }[];
    expect(resolved.find((c) => c._id === caseId)?.target.removed).toBe(false);
  });

  it('raises the post’s row version, so that every server’s card cache reads it again', async () => {
    const postId = await newPost(author.token, 'Versioned');
    await remove({ postId });
    const version = async () =>
      (
        await t()
          .db.kysely.selectFrom('posts')
          .select('row_version')
          .where('public_id', '=', postId)
          .executeTakeFirstOrThrow()
      ).row_version;
    const removed = await version();
    expect((await restorePost(postId)).statusCode).toBe(200);
    expect(await version()).toBeGreaterThan(removed);
  });

  it('answers 409 for a post that is not removed (twice restored counts once), 404 for an unknown one', async () => {
    const postId = await newPost(author.token, 'Never removed');
    const count = await postCount(author);
    const audit = await latestAudit();
    const res = await restorePost(postId);
    expect([res.statusCode, res.json()]).toEqual([409, { errors: [apiErrors.notRemoved] }]);
    expect(await latestAudit()).toEqual(audit);
    expect(await postCount(author)).toBe(count);

    const removedId = await newPost(author.token, 'Restored once');
    await remove({ postId: removedId });
    expect((await restorePost(removedId)).statusCode).toBe(200);
    const again = await restorePost(removedId);
    expect([again.statusCode, again.json()]).toEqual([409, { errors: [apiErrors.notRemoved] }]);
    expect(await postCount(author)).toBe(count + 1);

    const unknown = await restorePost('00000000-0000-4000-8000-000000000000');
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { errors: [apiErrors.postNotFound] }]);
    // One audit entry for the one restore that happened.
    const entries = (await get('/api/admin/audit?limit=100', mod.token)).json().entries as {
      action: string;
      target: { _id: string } | null;
    }[];
    expect(entries.filter((e) => e.action === 'restore_content' && e.target?._id === removedId)).toHaveLength(1);
  });

  it('two moderators restoring at once restore it once: one 200, one 409, counted once', async () => {
    const second = await signup('rst_mod2');
    await runAdminCommand(t().db, t().config, ['grant', 'rst_mod2']);
    const postId = await newPost(author.token, 'Restored by two at once');
    await remove({ postId });
    const count = await postCount(author);
    const answers = await Promise.all([restorePost(postId), restorePost(postId, second.token)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await postCount(author)).toBe(count + 1);
  });

  it('is refused to members, the author included (403), and changes nothing', async () => {
    const postId = await newPost(author.token, 'Still removed');
    await remove({ postId });
    const count = await postCount(author);
    for (const token of [reader.token, author.token]) {
      const res = await restorePost(postId, token);
      expect([res.statusCode, res.json()]).toEqual([403, { errors: [apiErrors.moderatorsOnly] }]);
    }
    expect((await post(`/api/admin/posts/${postId}/restore`, '')).statusCode).toBe(401);
    expect((await get(`/api/posts/${postId}`, reader.token)).statusCode).toBe(404);
    expect(await postCount(author)).toBe(count);
  });
});

describe('restoring a removed comment', () => {
  it('puts it back in its thread, its post’s comment count and under its hashtags, audited', async () => {
    const postId = await newPost(reader.token, 'A post with a comment removed by mistake');
    const remark = await comment(author.token, postId, 'Fine after all #rstcomeback');
    const caseId = await remove({ commentId: remark });
    expect(await commentCount(postId)).toBe(0);
    expect(await threadIds(postId, reader.token)).toEqual([]);
    const tagged = async () =>
      ((await get('/api/tags/rstcomeback/posts')).json().posts as { _id: string }[]).map((p) => p._id);
    expect(await tagged()).not.toContain(postId);

    const res = await restoreComment(remark);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      restored: {
        type: 'comment',
        _id: remark,
        postId,
        author: expect.objectContaining({ _id: author.userId }),
      },
    });
    expect(await commentCount(postId)).toBe(1);
    for (const token of [reader.token, author.token, undefined])
      expect(await threadIds(postId, token)).toEqual([remark]);
    expect(await tagged()).toContain(postId);
    expect(await latestAudit()).toMatchObject({
      action: 'restore_content',
      subject: { username: 'rst_author' },
      reportId: caseId,
      target: { type: 'comment', _id: remark },
    });
  });

  it('does not count a suspended author’s comment until the suspension is lifted', async () => {
    const troll = await signup('rst_troll');
    const postId = await newPost(reader.token, 'A post the troll commented on');
    const remark = await comment(troll.token, postId, 'Removed, then its author suspended');
    await remove({ commentId: remark });
    await resolve({ userId: troll.userId }, 'suspend_user');
    expect((await restoreComment(remark)).statusCode).toBe(200);
    expect(await commentCount(postId)).toBe(0);
    expect(await threadIds(postId, reader.token)).toEqual([]);
    expect((await post(`/api/admin/users/${troll.userId}/unsuspend`, mod.token)).statusCode).toBe(200);
    expect(await commentCount(postId)).toBe(1);
    expect(await threadIds(postId, reader.token)).toEqual([remark]);
  });

  it('answers 409 for a comment not removed, 404 for an unknown one, 403 to members; nothing changes', async () => {
    const postId = await newPost(reader.token, 'A post with a live comment');
    const live = await comment(author.token, postId, 'Never removed');
    const res = await restoreComment(live);
    expect([res.statusCode, res.json()]).toEqual([409, { errors: [apiErrors.notRemoved] }]);
    expect(await commentCount(postId)).toBe(1);

    const unknown = await restoreComment('00000000-0000-4000-8000-000000000000');
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { errors: [apiErrors.commentNotFound] }]);

    const removed = await comment(author.token, postId, 'Removed and staying so');
    await remove({ commentId: removed });
    for (const token of [reader.token, author.token]) {
      const refused = await restoreComment(removed, token);
      expect([refused.statusCode, refused.json()]).toEqual([403, { errors: [apiErrors.moderatorsOnly] }]);
    }
    expect(await commentCount(postId)).toBe(1);
    expect(await threadIds(postId, reader.token)).toEqual([live]);
  });
});
