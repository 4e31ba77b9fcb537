import { beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin-cli';
import { insertComment } from '../src/modules/conversation/queries/comments';
import { followUser } from '../src/modules/social/queries/follows';
import { likePost } from '../src/modules/social/queries/likes';
import { newPostId, signUpPerson } from './helpers/people';
import { type Person, useTestApp } from './helpers/test-app';

/**
 * Decision 046: the public figures (a profile's posts, followers and following; a post's likes and
 * comments) count only what the visibility rule lets people see. A removed post leaves its author's
 * count, a removed comment its post's; a suspended person's follows, likes and comments stop
 * counting, and count again when the suspension is lifted. Nothing counts twice or goes below.
 */
const t = useTestApp();

let mod: Person;
let reader: Person;

const signup = (username: string) => signUpPerson(t(), username);
const get = (url: string, token?: string) => t().call('GET', url, token ? { token } : {});
const newPost = (token: string, content: string) => newPostId(t(), token, content);
const comment = async (token: string, postId: string, content: string, replyTo?: string) => {
  const res = await t().call('POST', `/api/posts/${postId}/comments`, {
    token,
    body: { commentData: replyTo ? { content, replyTo } : { content } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().comment._id as string;
};
const ok = async (res: Promise<{ statusCode: number; body: string }>, status = 200) => {
  const done = await res;
  expect(done.statusCode, done.body).toBe(status);
};

/** A profile's three figures, as anyone sees them. */
async function figures(person: Person) {
  const res = await get(`/api/users/profile/${person.username}`, reader.token);
  expect(res.statusCode, res.body).toBe(200);
  const { postCount, followerCount, followingCount } = res.json().profile;
  return { postCount, followerCount, followingCount };
}

/** A post's two figures, on the post and on its card. */
async function postFigures(postId: string) {
  const post = (await get(`/api/posts/${postId}`, reader.token)).json().post;
  const card = (await get(`/api/posts/${postId}/card`, reader.token)).json().post;
  expect([card.likeCount, card.commentCount]).toEqual([post.likes.likeCount, post.commentCount]);
  return { likes: post.likes.likeCount as number, comments: post.commentCount as number };
}

/** Files a report as `reader` and resolves its case with `action` as the moderator. */
async function moderate(target: Record<string, string>, action: 'remove_content' | 'suspend_user') {
  await ok(
    t().call('POST', '/api/reports', { token: reader.token, body: { report: { ...target, reason: 'spam' } } }),
    201,
  );
  await resolveOpen(Object.values(target)[0] ?? '', action);
}

async function resolveOpen(targetId: string, action: 'remove_content' | 'suspend_user') {
  const queue = (await get('/api/admin/reports?limit=100', mod.token)).json().reports as {
    _id: string;
    target: { _id: string };
  }[];
  const open = queue.find((c) => c.target._id === targetId);
  await ok(t().call('POST', `/api/admin/reports/${open?._id}/resolve`, { token: mod.token, body: { action } }));
}

beforeAll(async () => {
  mod = await signup('cnt_mod');
  reader = await signup('cnt_reader');
  await runAdminCommand(t().db, t().config, ['grant', 'cnt_mod']);
});

describe("a removed post leaves its author's post count", () => {
  it('counts the posts others can see, and a removed post deleted afterwards moves nothing', async () => {
    const author = await signup('cnt_author');
    const kept = await newPost(author.token, 'Kept');
    const removed = await newPost(author.token, 'Removed by the moderators');
    expect((await figures(author)).postCount).toBe(2);
    await moderate({ postId: removed }, 'remove_content');
    expect((await figures(author)).postCount).toBe(1);
    // The author deletes the removed post (it is still their row): it was not counted any more.
    await ok(t().call('DELETE', `/api/posts/${removed}`, { token: author.token }), 201);
    expect((await figures(author)).postCount).toBe(1);
    await ok(t().call('DELETE', `/api/posts/${kept}`, { token: author.token }), 201);
    expect((await figures(author)).postCount).toBe(0);
  });
});

describe("a removed comment leaves its post's comment count", () => {
  it('its replies still count, and deleting the thread afterwards takes only what was counted', async () => {
    const host = await signup('cnt_host');
    const rude = await signup('cnt_rude');
    const postId = await newPost(host.token, 'A thread');
    const bad = await comment(rude.token, postId, 'The moderators remove this');
    await comment(host.token, postId, 'A reply that stays', bad);
    await comment(reader.token, postId, 'Another comment');
    expect((await postFigures(postId)).comments).toBe(3);
    await moderate({ commentId: bad }, 'remove_content');
    expect((await postFigures(postId)).comments).toBe(2);
    // The post's author deletes the removed comment with its reply: one counted comment goes.
    await ok(t().call('DELETE', `/api/comments/${bad}`, { token: host.token }));
    expect((await postFigures(postId)).comments).toBe(1);
    const thread = (await get(`/api/posts/${postId}/comments`, reader.token)).json().comments;
    expect(thread).toHaveLength(1);
  });
});

describe("a suspended person's follows, likes and comments stop counting", () => {
  it('drops them at the suspension and counts them again when it is lifted', async () => {
    const troll = await signup('cnt_troll');
    const star = await signup('cnt_star');
    const fan = await signup('cnt_fan');
    const postId = await newPost(star.token, 'Liked and commented');
    await ok(t().call('POST', `/api/users/follow/${star.userId}`, { token: troll.token }));
    await ok(t().call('POST', `/api/users/follow/${troll.userId}`, { token: fan.token }));
    await ok(t().call('POST', `/api/users/follow/${star.userId}`, { token: fan.token }));
    await ok(t().call('POST', `/api/posts/like/${postId}`, { token: troll.token }), 201);
    await ok(t().call('POST', `/api/posts/like/${postId}`, { token: fan.token }), 201);
    const trollComment = await comment(troll.token, postId, 'One');
    await comment(troll.token, postId, 'Two');
    await comment(fan.token, postId, 'A reply to the troll, by someone else', trollComment);

    const before = {
      star: await figures(star),
      fan: await figures(fan),
      post: await postFigures(postId),
    };
    expect(before).toEqual({
      star: { postCount: 1, followerCount: 2, followingCount: 0 },
      fan: { postCount: 0, followerCount: 0, followingCount: 2 },
      post: { likes: 2, comments: 3 },
    });

    // Two cases about the same person, both resolved by suspending them: counted once.
    await ok(
      t().call('POST', '/api/reports', {
        token: reader.token,
        body: { report: { commentId: trollComment, reason: 'spam' } },
      }),
      201,
    );
    await moderate({ userId: troll.userId }, 'suspend_user');
    await resolveOpen(trollComment, 'suspend_user');

    expect({ star: await figures(star), fan: await figures(fan), post: await postFigures(postId) }).toEqual({
      star: { postCount: 1, followerCount: 1, followingCount: 0 },
      fan: { postCount: 0, followerCount: 0, followingCount: 1 },
      post: { likes: 1, comments: 1 },
    });

    await ok(t().call('POST', `/api/admin/users/${troll.userId}/unsuspend`, { token: mod.token }));
    expect({ star: await figures(star), fan: await figures(fan), post: await postFigures(postId) }).toEqual(before);
  });

  it('ending a follow with someone suspended since does not lower the other side twice', async () => {
    const gone = await signup('cnt_gone');
    const follower = await signup('cnt_follower');
    await ok(t().call('POST', `/api/users/follow/${gone.userId}`, { token: follower.token }));
    await ok(t().call('POST', `/api/users/follow/${follower.userId}`, { token: gone.token }));
    await moderate({ userId: gone.userId }, 'suspend_user');
    expect(await figures(follower)).toEqual({ postCount: 0, followerCount: 0, followingCount: 0 });
    await ok(t().call('POST', `/api/users/unfollow/${gone.userId}`, { token: follower.token }));
    expect(await figures(follower)).toEqual({ postCount: 0, followerCount: 0, followingCount: 0 });
    // Lifted: their follow of `follower` counts again; the one `follower` ended does not come back.
    await ok(t().call('POST', `/api/admin/users/${gone.userId}/unsuspend`, { token: mod.token }));
    expect(await figures(follower)).toEqual({ postCount: 0, followerCount: 1, followingCount: 0 });
    expect(await figures(gone)).toEqual({ postCount: 0, followerCount: 0, followingCount: 1 });
  });

  it('a write already past its checks when its author is suspended counts nothing', async () => {
    // The request passed requireUser just before the suspension committed: its query runs after.
    const late = await signup('cnt_late');
    const host = await signup('cnt_late_host');
    const postId = await newPost(host.token, 'Liked too late');
    await moderate({ userId: late.userId }, 'suspend_user');
    const key = (
      await t()
        .db.kysely.selectFrom('users')
        .select('id')
        .where('public_id', '=', late.userId)
        .executeTakeFirstOrThrow()
    ).id;
    await likePost(t().db, postId, key);
    await insertComment(t().db, {
      publicId: crypto.randomUUID(),
      postPublicId: postId,
      authorId: key,
      content: 'Late',
    });
    await followUser(t().db, key, host.userId);
    expect(await postFigures(postId)).toEqual({ likes: 0, comments: 0 });
    expect(await figures(host)).toEqual({ postCount: 1, followerCount: 0, followingCount: 0 });
    // Lifted: they count, once.
    await ok(t().call('POST', `/api/admin/users/${late.userId}/unsuspend`, { token: mod.token }));
    expect(await postFigures(postId)).toEqual({ likes: 1, comments: 1 });
    expect(await figures(host)).toEqual({ postCount: 1, followerCount: 1, followingCount: 0 });
  });
});
