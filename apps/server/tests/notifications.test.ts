import { apiErrors, mentionNotifyMax, type Notification } from '@spotter/contract';
import { describe, expect, it } from 'vitest';
import { whileNotificationsFail } from './helpers/refuse-notifications';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

async function newPost(token: string, content = 'Bench PR'): Promise<string> {
  const res = await t().call('POST', '/api/posts', {
    token,
    body: { postData: { content } },
    headers: { prefer: 'return=minimal' },
  });
  return res.json().post._id as string;
}

const list = async (token: string, query = '') => {
  const res = await t().call('GET', `/api/notifications${query}`, { token });
  expect(res.statusCode).toBe(200);
  return res.json() as { notifications: Notification[]; nextCursor: string | null; unreadCount: number };
};
/** A text mentioning these people, in this order. */
const mentioning = (usernames: string[]) => usernames.map((name) => `@${name}`).join(' ');
const unread = async (token: string) =>
  (await t().call('GET', '/api/notifications/unread-count', { token })).json().unreadCount as number;

describe('notifications (issue 14)', () => {
  it('a like by the author makes none; likes of one post are one entry, latest actors first, until read', async () => {
    const a = await t().signup('n_author');
    const fans = await Promise.all(['n_f1', 'n_f2', 'n_f3', 'n_f4'].map((u) => t().signup(u)));
    const postId = await newPost(a.token, 'Deadlift 200 kg, finally');
    await t().call('POST', `/api/posts/like/${postId}`, { token: a.token });
    expect(await unread(a.token)).toBe(0);
    for (const fan of fans) await t().call('POST', `/api/posts/like/${postId}`, { token: fan.token });
    const page = await list(a.token);
    expect(page.unreadCount).toBe(1);
    expect(page.notifications).toHaveLength(1);
    const [entry] = page.notifications;
    expect(entry).toMatchObject({ type: 'like', actorCount: 4, read: false, post: { _id: postId } });
    expect(entry?.post?.excerpt).toBe('Deadlift 200 kg, finally');
    expect(entry?.actors.map((u) => u.username)).toEqual(['n_f4', 'n_f3', 'n_f2']);

    const read = await t().call('POST', '/api/notifications/read', { token: a.token });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ unreadCount: 0 });
    expect(await unread(a.token)).toBe(0);
    expect((await list(a.token)).notifications[0]?.read).toBe(true);

    // After reading, the next like starts a new entry (a like taken back leaves the read one).
    await t().call('POST', `/api/posts/dislike/${postId}`, { token: fans[0]?.token });
    await t().call('POST', `/api/posts/like/${postId}`, { token: fans[0]?.token });
    const after = await list(a.token);
    expect(after.notifications.map((n) => [n.type, n.actorCount, n.read])).toEqual([
      ['like', 1, false],
      ['like', 3, true],
    ]);
    expect(after.unreadCount).toBe(1);
  });

  it('a like taken back or an unfollow takes the person out of the entry, read or not', async () => {
    const a = await t().signup('n_back_a');
    const [x, y, z] = await Promise.all(['n_back_x', 'n_back_y', 'n_back_z'].map((u) => t().signup(u)));
    const first = await newPost(a.token, 'First');
    const second = await newPost(a.token, 'Second');
    const like = (token: string | undefined, postId: string) =>
      t().call('POST', `/api/posts/like/${postId}`, { token });
    const unlike = (token: string | undefined, postId: string) =>
      t().call('POST', `/api/posts/dislike/${postId}`, { token });
    const shown = async () =>
      (await list(a.token)).notifications.map((n) => [n.type, n.post?._id, n.actors.map((u) => u.username)]);

    await like(x?.token, first);
    await like(y?.token, second);
    await like(z?.token, first);
    expect(await shown()).toEqual([
      ['like', first, ['n_back_z', 'n_back_x']],
      ['like', second, ['n_back_y']],
    ]);
    // z's like taken back: the entry is x's alone again, at x's time, below y's.
    expect((await unlike(z?.token, first)).statusCode).toBe(201);
    expect(await shown()).toEqual([
      ['like', second, ['n_back_y']],
      ['like', first, ['n_back_x']],
    ]);
    expect((await list(a.token)).notifications.map((n) => n.actorCount)).toEqual([1, 1]);
    // The last actor gone, the entry goes, and the unread count with it.
    await unlike(y?.token, second);
    expect(await shown()).toEqual([['like', first, ['n_back_x']]]);
    expect(await unread(a.token)).toBe(1);
    // Read or not.
    await t().call('POST', '/api/notifications/read', { token: a.token });
    await unlike(x?.token, first);
    expect(await shown()).toEqual([]);
    expect(await unread(a.token)).toBe(0);

    for (const f of [x, y]) await t().call('POST', `/api/users/follow/${a.userId}`, { token: f?.token });
    expect(await shown()).toEqual([['follow', undefined, ['n_back_y', 'n_back_x']]]);
    await t().call('POST', `/api/users/unfollow/${a.userId}`, { token: y?.token });
    expect(await shown()).toEqual([['follow', undefined, ['n_back_x']]]);
    await t().call('POST', `/api/users/unfollow/${a.userId}`, { token: x?.token });
    expect(await shown()).toEqual([]);
    expect(await unread(a.token)).toBe(0);
  });

  it('groups follows; none for following oneself', async () => {
    const star = await t().signup('n_star');
    const self = await t().call('POST', `/api/users/follow/${star.userId}`, { token: star.token });
    expect(self.statusCode).toBe(404);
    expect(self.json()).toEqual({ errors: [apiErrors.cannotFollowSelf] });
    expect(await list(star.token)).toMatchObject({ notifications: [], unreadCount: 0 });
    for (const name of ['n_fo1', 'n_fo2']) {
      const f = await t().signup(name);
      await t().call('POST', `/api/users/follow/${star.userId}`, { token: f.token });
    }
    const page = await list(star.token);
    expect(page.notifications.map((n) => [n.type, n.actorCount])).toEqual([['follow', 2]]);
    expect(page.notifications[0]?.actors.map((u) => u.username)).toEqual(['n_fo2', 'n_fo1']);
  });

  it('comments, replies and mentions notify the right people, once, never the actor', async () => {
    const a = await t().signup('n_pa');
    const b = await t().signup('n_pb');
    const c = await t().signup('n_pc');
    const postId = await newPost(a.token);
    const top = await t().call('POST', `/api/posts/${postId}/comments`, {
      token: b.token,
      body: { commentData: { content: 'Nice one @n_pc and @n_pa and @n_pb and @nobody_here' } },
    });
    const topId = top.json().comment._id as string;
    // a: comment (not also a mention); c: mention; b: nothing (own action)
    expect((await list(a.token)).notifications.map((n) => n.type)).toEqual(['comment']);
    const forC = (await list(c.token)).notifications;
    expect(forC.map((n) => n.type)).toEqual(['mention']);
    expect(forC[0]?.comment?._id).toBe(topId);
    expect(forC[0]?.post?._id).toBe(postId);
    expect(await unread(b.token)).toBe(0);

    // A reply tells the top-level comment's author (reply) and the post's author (comment).
    await t().call('POST', `/api/posts/${postId}/comments`, {
      token: c.token,
      body: { commentData: { content: 'thanks!', replyTo: topId } },
    });
    expect((await list(b.token)).notifications.map((n) => n.type)).toEqual(['reply']);
    expect((await list(a.token)).notifications.map((n) => n.type)).toEqual(['comment', 'comment']);

    // An edit that keeps a mention does not tell again; a new mention does.
    const d = await t().signup('n_pd');
    await t().call('POST', `/api/comments/edit/${topId}`, {
      token: b.token,
      body: { commentData: { content: 'Nice one @n_pc, and @n_pd' } },
    });
    expect((await list(c.token)).notifications).toHaveLength(1);
    expect((await list(d.token)).notifications.map((n) => n.type)).toEqual(['mention']);
  });

  it("none for a post's author commenting on, and replying in, their own post", async () => {
    const a = await t().signup('n_own_a');
    const b = await t().signup('n_own_b');
    const postId = await newPost(a.token);
    const comment = (token: string, content: string, replyTo?: string) =>
      t().call('POST', `/api/posts/${postId}/comments`, {
        token,
        body: { commentData: { content, ...(replyTo !== undefined ? { replyTo } : {}) } },
      });
    const own = await comment(a.token, 'Felt easy today @n_own_a');
    expect(own.statusCode).toBe(201);
    const ownReply = await comment(a.token, 'Next week: 205', own.json().comment._id);
    expect(ownReply.statusCode).toBe(201);
    expect(await list(a.token)).toMatchObject({ notifications: [], unreadCount: 0 });
    // A reply by the author to someone else's comment tells that someone (reply), not the author.
    const theirs = await comment(b.token, 'Huge');
    const answer = await comment(a.token, 'Thanks!', theirs.json().comment._id);
    expect(answer.statusCode).toBe(201);
    expect((await list(b.token)).notifications.map((n) => [n.type, n.actors.map((u) => u.username)])).toEqual([
      ['reply', ['n_own_a']],
    ]);
    const forA = await list(a.token);
    expect(forA.notifications.map((n) => [n.type, n.actors.map((u) => u.username)])).toEqual([
      ['comment', ['n_own_b']],
    ]);
    expect(forA.unreadCount).toBe(1);
  });

  it('keeps a comment, an edit and a follow whose notifications cannot be recorded, and leaves no half of an entry', async () => {
    const a = await t().signup('n_fa');
    const b = await t().signup('n_fb');
    const c = await t().signup('n_fc');
    const postId = await newPost(a.token);
    const top = await t().call('POST', `/api/posts/${postId}/comments`, {
      token: b.token,
      body: { commentData: { content: 'First' } },
    });
    const topId = top.json().comment._id as string;
    await list(a.token);
    // What each is shown, but the comment's excerpt (the edit below changes it).
    const entries = async (token: string) => {
      const page = await list(token);
      return [page.unreadCount, page.notifications.map((n) => [n._id, n.type, n.actorCount, n.actors, n.read])];
    };
    const before = { a: await entries(a.token), b: await entries(b.token) };
    await whileNotificationsFail(t().db, async () => {
      // A reply (to b), its comment (to a) and a mention (to c): three notifications refused in one transaction.
      const reply = await t().call('POST', `/api/posts/${postId}/comments`, {
        token: c.token,
        body: { commentData: { content: 'Agreed @n_fc @n_fa', replyTo: topId } },
      });
      expect(reply.statusCode).toBe(201);
      const mention = await t().call('POST', `/api/posts/${postId}/comments`, {
        token: b.token,
        body: { commentData: { content: 'See @n_fc' } },
      });
      expect(mention.statusCode).toBe(201);
      const followed = await t().call('POST', `/api/users/follow/${a.userId}`, { token: c.token });
      expect(followed.statusCode).toBe(200);
      const edited = await t().call('POST', `/api/comments/edit/${topId}`, {
        token: b.token,
        body: { commentData: { content: 'First, @n_fc' } },
      });
      expect(edited.statusCode).toBe(201); // A post and a post's edit mentioning c: each kept with its hashtags, in the same transaction.
      const mentioning = await t().call('POST', '/api/posts', {
        token: b.token,
        body: { postData: { content: 'Heavy day with @n_fc #refusedtold' } },
      });
      expect(mentioning.statusCode, mentioning.body).toBe(201);
      const reworded = await t().call('POST', `/api/posts/edit/${postId}`, {
        token: a.token,
        body: { postData: { content: 'Bench PR, spotted by @n_fc #refusedtold' } },
      });
      expect(reworded.statusCode, reworded.body).toBe(201);
    });
    const tagged = (await t().call('GET', '/api/tags/refusedtold/posts')).json().posts as { content: string }[];
    expect(tagged.map((p) => p.content)).toEqual([
      'Heavy day with @n_fc #refusedtold',
      'Bench PR, spotted by @n_fc #refusedtold',
    ]);
    expect((await t().call('GET', `/api/posts/${postId}`)).json().post.commentCount).toBe(3);
    const comments = (await t().call('GET', `/api/posts/${postId}/comments`)).json().comments as { content: string }[];
    expect(comments.map((k) => k.content)).toEqual(['First, @n_fc', 'Agreed @n_fc @n_fa', 'See @n_fc']);
    expect((await t().call('GET', '/api/users/profile/n_fa')).json().profile.followerCount).toBe(1);
    expect(await entries(a.token)).toEqual(before.a);
    expect(await entries(b.token)).toEqual(before.b);
    expect(await list(c.token)).toMatchObject({ notifications: [], unreadCount: 0 });

    // With the failure gone, the next follow of a joins no half-made entry: a group of one.
    const d = await t().signup('n_fd');
    await t().call('POST', `/api/users/follow/${a.userId}`, { token: d.token });
    const told = (await list(a.token)).notifications.filter((n) => n.type === 'follow');
    expect(told.map((n) => [n.actorCount, n.actors.map((u) => u.username)])).toEqual([[1, ['n_fd']]]);
    // And a post mentioning c now tells c.
    await newPost(d.token, 'Spotted by @n_fc');
    expect((await list(c.token)).notifications.map((n) => [n.type, n.actors.map((u) => u.username)])).toEqual([
      ['mention', ['n_fd']],
    ]);
  });

  it('a post mentioning people notifies at most 10 of them', async () => {
    const author = await t().signup('n_many');
    const names = Array.from({ length: 12 }, (_, i) => `n_m${i}`);
    const people = [];
    for (const name of names) people.push(await t().signup(name));
    await newPost(author.token, names.map((n) => `@${n}`).join(' '));
    const told = await Promise.all(people.map((p) => unread(p.token)));
    expect(told).toEqual([...Array(10).fill(1), 0, 0]);
  });

  it('a comment mentioning people notifies at most 10 of them', async () => {
    const author = await t().signup('n_cm_author');
    const commenter = await t().signup('n_cm_many');
    const names = Array.from({ length: 12 }, (_, i) => `n_cm${i}`);
    const people = [];
    for (const name of names) people.push(await t().signup(name));
    const postId = await newPost(author.token);
    const res = await t().call('POST', `/api/posts/${postId}/comments`, {
      token: commenter.token,
      body: { commentData: { content: names.map((n) => `@${n}`).join(' ') } },
    });
    expect(res.statusCode).toBe(201);
    const commentId = res.json().comment._id as string;
    const told = await Promise.all(
      people.map(async (p) => (await list(p.token)).notifications.map((n) => [n.type, n.comment?._id])),
    );
    expect(told).toEqual([...Array(10).fill([['mention', commentId]]), [], []]);
    // The post's author is told of the comment, not of the mentions.
    expect((await list(author.token)).notifications.map((n) => n.type)).toEqual(['comment']);
  });

  // mentionNotifyMax holds for a post or a comment as a whole, not for each version of its text.
  it('an edit of a post tells only its new mentions, and no more than the post may still tell', async () => {
    const author = await t().signup('n_pe_author');
    const names = Array.from({ length: mentionNotifyMax + 2 }, (_, i) => `n_pe${i}`);
    const people: { token: string }[] = [];
    for (const name of names) people.push(await t().signup(name));
    const mentionsOfPost = (postId: string) =>
      Promise.all(
        people.map(
          async (p) =>
            (await list(p.token)).notifications.filter((n) => n.type === 'mention' && n.post?._id === postId).length,
        ),
      );
    const edit = (postId: string, content: string) =>
      t().call('POST', `/api/posts/edit/${postId}`, { token: author.token, body: { postData: { content } } });

    // Told in full at first: an edit naming the two left over tells neither, nor does the next.
    const full = await newPost(author.token, mentioning(names));
    const firstTold = [...Array(mentionNotifyMax).fill(1), 0, 0];
    expect(await mentionsOfPost(full)).toEqual(firstTold);
    const leftOver = names.slice(mentionNotifyMax);
    expect((await edit(full, `and ${mentioning(leftOver)}`)).statusCode).toBe(201);
    expect(await mentionsOfPost(full)).toEqual(firstTold);
    expect((await edit(full, `again ${mentioning(leftOver)}`)).statusCode).toBe(201);
    expect(await mentionsOfPost(full)).toEqual(firstTold);

    // Three told: an edit naming nine more (mentionNotifyMax - 1, last to first) tells the first 7 of them
    // in its text (mentionNotifyMax - 3).
    const few = await newPost(author.token, mentioning(names.slice(0, 3)));
    const added = names.slice(3).reverse();
    // One of those told stays, among the new; the others are dropped.
    const reworded = mentioning([...added.slice(0, 4), ...names.slice(0, 1), ...added.slice(4)]);
    expect((await edit(few, reworded)).statusCode).toBe(201);
    const toldNow = await mentionsOfPost(few);
    expect(names.filter((_, i) => toldNow[i] === 1)).toEqual([
      ...names.slice(0, 3),
      ...added.slice(0, mentionNotifyMax - 3).reverse(),
    ]);
    expect(toldNow.filter((n) => n > 1)).toEqual([]);
  });

  it('an edit of a comment tells only its new mentions, and no more than the comment may still tell', async () => {
    const author = await t().signup('n_ce_author');
    const commenter = await t().signup('n_ce_many');
    const names = Array.from({ length: mentionNotifyMax + 2 }, (_, i) => `n_ce${i}`);
    const people: { token: string }[] = [];
    for (const name of names) people.push(await t().signup(name));
    const postId = await newPost(author.token);
    const comment = async (content: string) => {
      const res = await t().call('POST', `/api/posts/${postId}/comments`, {
        token: commenter.token,
        body: { commentData: { content } },
      });
      expect(res.statusCode).toBe(201);
      return res.json().comment._id as string;
    };
    const mentionsOfComment = (commentId: string) =>
      Promise.all(
        people.map(
          async (p) =>
            (await list(p.token)).notifications.filter((n) => n.type === 'mention' && n.comment?._id === commentId)
              .length,
        ),
      );
    const edit = (commentId: string, content: string) =>
      t().call('POST', `/api/comments/edit/${commentId}`, {
        token: commenter.token,
        body: { commentData: { content } },
      });

    const full = await comment(mentioning(names));
    const firstTold = [...Array(mentionNotifyMax).fill(1), 0, 0];
    expect(await mentionsOfComment(full)).toEqual(firstTold);
    const leftOver = names.slice(mentionNotifyMax);
    expect((await edit(full, mentioning(leftOver))).statusCode).toBe(201);
    expect(await mentionsOfComment(full)).toEqual(firstTold);
    expect((await edit(full, `again ${mentioning(leftOver)}`)).statusCode).toBe(201);
    expect(await mentionsOfComment(full)).toEqual(firstTold);

    const few = await comment(mentioning(names.slice(0, 3)));
    const added = names.slice(3).reverse();
    // One of those told stays, among the new; the others are dropped.
    const reworded = mentioning([...added.slice(0, 4), ...names.slice(0, 1), ...added.slice(4)]);
    expect((await edit(few, reworded)).statusCode).toBe(201);
    const toldNow = await mentionsOfComment(few);
    expect(names.filter((_, i) => toldNow[i] === 1)).toEqual([
      ...names.slice(0, 3),
      ...added.slice(0, mentionNotifyMax - 3).reverse(),
    ]);
    expect(toldNow.filter((n) => n > 1)).toEqual([]);
    // The post's author is told of each comment, never of its mentions.
    expect((await list(author.token)).notifications.map((n) => n.type)).toEqual(['comment', 'comment']);
  });

  it('deleting a comment or a post removes its notifications', async () => {
    const a = await t().signup('n_da');
    const b = await t().signup('n_db');
    const postId = await newPost(a.token);
    const res = await t().call('POST', `/api/posts/${postId}/comments`, {
      token: b.token,
      body: { commentData: { content: 'hello' } },
    });
    expect(await unread(a.token)).toBe(1);
    await t().call('DELETE', `/api/comments/${res.json().comment._id}`, { token: b.token });
    expect(await unread(a.token)).toBe(0);
    await t().call('POST', `/api/posts/like/${postId}`, { token: b.token });
    expect(await unread(a.token)).toBe(1);
    await t().call('DELETE', `/api/posts/${postId}`, { token: a.token });
    expect(await unread(a.token)).toBe(0);
    expect((await list(a.token)).notifications).toEqual([]);
  });

  it("a deleted account's entries disappear; a group it shared shows the others", async () => {
    const a = await t().signup('n_gone_a');
    const gone = await t().signup('n_gone_b');
    const stays = await t().signup('n_gone_c');
    const postId = await newPost(a.token);
    const other = await newPost(a.token, 'Second post');
    await t().call('POST', `/api/posts/like/${postId}`, { token: gone.token });
    await t().call('POST', `/api/posts/like/${other}`, { token: gone.token });
    await t().call('POST', `/api/posts/like/${other}`, { token: stays.token });
    expect(await unread(a.token)).toBe(2);
    await t().db.kysely.deleteFrom('users').where('public_id', '=', gone.userId).execute();
    expect(await unread(a.token)).toBe(1);
    const page = await list(a.token);
    expect(page.notifications.map((n) => [n.actorCount, n.actors.map((u) => u.username)])).toEqual([[1, ['n_gone_c']]]);
  });

  it('an account erased after liking six posts leaves the entries it shared, timed by who stays', async () => {
    const a = await t().signup('n_erase_a');
    const gone = await t().signup('n_erase_b');
    const stays = await t().signup('n_erase_c');
    const posts: string[] = [];
    for (let i = 0; i < 6; i++) posts.push(await newPost(a.token, `Session ${i}`));
    // `stays` likes the first two posts, the second first, before `gone` likes all six in order.
    for (const postId of [posts[1], posts[0]])
      await t().call('POST', `/api/posts/like/${postId}`, { token: stays.token });
    for (const postId of posts) await t().call('POST', `/api/posts/like/${postId}`, { token: gone.token });
    const before = await list(a.token);
    expect(before.notifications).toHaveLength(6);
    expect(before.notifications.map((n) => n.post?._id)).toEqual([...posts].reverse());

    const erased = await t().call('POST', '/api/users/me/delete', {
      token: gone.token,
      body: { password: 'correct horse battery' },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const after = await list(a.token);
    expect(after.unreadCount).toBe(2);
    // Each takes the time of its remaining like, so the first post's comes first now; by `gone`'s
    // likes it came last.
    expect(after.notifications.map((n) => [n.post?._id, n.actorCount, n.actors.map((u) => u.username)])).toEqual([
      [posts[0], 1, ['n_erase_c']],
      [posts[1], 1, ['n_erase_c']],
    ]);
  });

  it("a group's count and latest three leave out whom the recipient mutes or blocks, and take them back on undo", async () => {
    const a = await t().signup('n_hide_a');
    const fans = await Promise.all(['n_hide1', 'n_hide2', 'n_hide3', 'n_hide4', 'n_hide5'].map((u) => t().signup(u)));
    const postId = await newPost(a.token);
    for (const fan of fans) await t().call('POST', `/api/posts/like/${postId}`, { token: fan.token });
    const shown = async () => {
      const page = await list(a.token);
      return [page.unreadCount, page.notifications.map((n) => [n.actorCount, n.actors.map((u) => u.username)])];
    };
    expect(await shown()).toEqual([1, [[5, ['n_hide5', 'n_hide4', 'n_hide3']]]]);
    await t().call('POST', `/api/users/mute/${fans[4]?.userId}`, { token: a.token });
    expect(await shown()).toEqual([1, [[4, ['n_hide4', 'n_hide3', 'n_hide2']]]]);
    await t().call('POST', `/api/users/block/${fans[2]?.userId}`, { token: a.token });
    expect(await shown()).toEqual([1, [[3, ['n_hide4', 'n_hide2', 'n_hide1']]]]);
    await t().call('POST', `/api/users/unmute/${fans[4]?.userId}`, { token: a.token });
    await t().call('POST', `/api/users/unblock/${fans[2]?.userId}`, { token: a.token });
    expect(await shown()).toEqual([1, [[5, ['n_hide5', 'n_hide4', 'n_hide3']]]]);
  });

  it('pages newest first by keyset cursor, without repeats', async () => {
    const a = await t().signup('n_pager');
    const mentioners = [];
    for (let i = 0; i < 5; i++) {
      const f = await t().signup(`n_pg${i}`);
      mentioners.push(f);
      await newPost(f.token, `@n_pager look ${i}`);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(a.token, `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...page.notifications.map((n) => n.post?.excerpt ?? ''));
      expect(page.unreadCount).toBe(5);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([4, 3, 2, 1, 0].map((i) => `@n_pager look ${i}`));

    // A page past the last entry shown still tells how many are unread: the oldest entry's author is
    // blocked after the first page was read, so the second has no entry left.
    const first = await list(a.token, '?limit=4');
    expect(first.nextCursor).not.toBeNull();
    await t().call('POST', `/api/users/block/${mentioners[0]?.userId}`, { token: a.token });
    const past = await list(a.token, `?limit=4&cursor=${encodeURIComponent(first.nextCursor ?? '')}`);
    expect(past).toEqual({ notifications: [], nextCursor: null, unreadCount: 4 });
    expect(await unread(a.token)).toBe(4);
    expect((await t().call('GET', '/api/notifications?cursor=bad', { token: a.token })).statusCode).toBe(400);
    expect((await t().call('GET', '/api/notifications')).statusCode).toBe(401);
  });

  it('lists one kind of entry with ?kind= (issue 47): mentions, comments with replies, likes, follows', async () => {
    const a = await t().signup('n_kind_a');
    const b = await t().signup('n_kind_b');
    const c = await t().signup('n_kind_c');
    const postId = await newPost(a.token, 'Squat day');
    await t().call('POST', `/api/posts/like/${postId}`, { token: b.token });
    await t().call('POST', `/api/users/follow/${a.userId}`, { token: c.token });
    const top = await t().call('POST', `/api/posts/${postId}/comments`, {
      token: b.token,
      body: { commentData: { content: 'Strong!' } },
    });
    const topId = top.json().comment._id as string;
    // a's own comment, answered by c: a reply for a (told once, not also as the post's author).
    const mine = await t().call('POST', `/api/posts/${postId}/comments`, {
      token: a.token,
      body: { commentData: { content: 'thanks' } },
    });
    await t().call('POST', `/api/posts/${postId}/comments`, {
      token: c.token,
      body: { commentData: { content: 'same here', replyTo: mine.json().comment._id } },
    });
    await newPost(b.token, 'Training with @n_kind_a');

    const types = async (query: string) => (await list(a.token, query)).notifications.map((n) => n.type);
    const all = await types('?limit=20');
    expect(all.sort()).toEqual(['comment', 'follow', 'like', 'mention', 'reply']);
    expect(await types('?limit=20&kind=mention')).toEqual(['mention']);
    expect(await types('?limit=20&kind=comment')).toEqual(['reply', 'comment']);
    expect(await types('?limit=20&kind=like')).toEqual(['like']);
    expect(await types('?limit=20&kind=follow')).toEqual(['follow']);
    // The unread count stays the bell's (every kind), and a kind pages with its cursor.
    expect((await list(a.token, '?limit=20&kind=follow')).unreadCount).toBe(5);
    const first = await list(a.token, '?limit=1&kind=comment');
    expect(first.notifications.map((n) => n.type)).toEqual(['reply']);
    const second = await list(a.token, `?limit=1&kind=comment&cursor=${encodeURIComponent(first.nextCursor ?? '')}`);
    expect(second.notifications.map((n) => n.type)).toEqual(['comment']);
    expect(second.nextCursor).toBeNull();
    expect(second.notifications[0]?.comment?._id).toBe(topId);
    // A kind with no entry still tells how many are unread.
    await t().call('POST', '/api/notifications/read', { token: a.token });
    const d = await t().signup('n_kind_d');
    await t().call('POST', `/api/users/follow/${a.userId}`, { token: d.token });
    expect(await list(a.token, '?limit=20&kind=mention')).toMatchObject({ unreadCount: 1, nextCursor: null });

    const bad = await t().call('GET', '/api/notifications?limit=20&kind=report', { token: a.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.stringMatching(/^kind/)]);
  });
});
