import { apiErrors } from '@spotter/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Person, useTestApp } from './helpers/test-app';

/** Issue 16's block and mute rules. One app, the people signed up once. */
const t = useTestApp();

const people = {} as Record<'ana' | 'bo' | 'cy' | 'di', Person>;

const as = (p: Person, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t().call(method, url, { token: p.token, ...(body ? { body } : {}) });
const profile = async (viewer: Person, of: Person) => as(viewer, 'GET', `/api/users/profile/${of.username}`);
const post = async (p: Person, content: string) =>
  (
    await t().call('POST', '/api/posts', {
      token: p.token,
      headers: { prefer: 'return=minimal' },
      body: { postData: { content } },
    })
  ).json().post._id as string;
const ids = (list: { _id: string }[]) => list.map((x) => x._id);
const names = (list: { username: string }[]) => list.map((x) => x.username);

beforeAll(async () => {
  for (const name of ['ana', 'bo', 'cy', 'di'] as const) {
    const username = `bm_${name}`;
    people[name] = { ...(await t().signup(username)), username };
  }
});

describe('block (issue 16)', () => {
  it('ends the follows both ways with their counters and timeline rows; hides each from the other everywhere', async () => {
    const { ana, bo, cy } = people;
    expect((await as(ana, 'POST', `/api/users/follow/${bo.userId}`)).statusCode).toBe(200);
    expect((await as(bo, 'POST', `/api/users/follow/${ana.userId}`)).statusCode).toBe(200);
    const bosPost = await post(bo, 'bo lifts #bmtag');
    const anasPost = await post(ana, 'ana lifts #bmtag');
    await t().app.fanout.idle();
    expect(ids((await as(ana, 'GET', '/api/feed?limit=20')).json().posts)).toContain(bosPost);
    // cy comments on ana's post; bo comments too (before the block).
    await as(bo, 'POST', `/api/posts/${anasPost}/comments`, { commentData: { content: 'bo says hi' } });

    const res = await as(ana, 'POST', `/api/users/block/${bo.userId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { username: bo.username }, blocked: true, muted: false });
    // Idempotent.
    expect((await as(ana, 'POST', `/api/users/block/${bo.userId}`)).json().blocked).toBe(true);

    const anaRow = await t()
      .db.kysely.selectFrom('users')
      .selectAll()
      .where('username', '=', ana.username)
      .executeTakeFirstOrThrow();
    const boRow = await t()
      .db.kysely.selectFrom('users')
      .selectAll()
      .where('username', '=', bo.username)
      .executeTakeFirstOrThrow();
    expect([anaRow.follower_count, anaRow.following_count, boRow.follower_count, boRow.following_count]).toEqual([
      0, 0, 0, 0,
    ]);
    const follows = await t()
      .db.kysely.selectFrom('follows')
      .selectAll()
      .where((eb) => eb.or([eb('follower_id', '=', anaRow.id), eb('followee_id', '=', anaRow.id)]))
      .execute();
    expect(follows).toEqual([]);
    const timeline = async (viewerId: number) =>
      (
        await t()
          .db.kysely.selectFrom('home_timeline')
          .innerJoin('posts', 'posts.id', 'home_timeline.post_id')
          .select('posts.public_id')
          .where('home_timeline.viewer_id', '=', viewerId)
          .execute()
      ).map((r) => r.public_id);
    expect(await timeline(anaRow.id)).toEqual([anasPost]);
    expect(await timeline(boRow.id)).toEqual([bosPost]);

    for (const [viewer, other, otherPost] of [
      [ana, bo, bosPost],
      [bo, ana, anasPost],
    ] as const) {
      expect((await profile(viewer, other)).statusCode).toBe(404);
      expect((await as(viewer, 'GET', `/api/users/${other.userId}`)).statusCode).toBe(404);
      expect((await as(viewer, 'GET', `/api/posts/${otherPost}`)).statusCode).toBe(404);
      expect((await as(viewer, 'GET', `/api/posts/user/${other.username}?limit=5`)).statusCode).toBe(404);
      expect(names((await as(viewer, 'GET', '/api/users/search?q=bm_')).json().users)).not.toContain(other.username);
      expect(names((await as(viewer, 'GET', '/api/users/suggestions?limit=50')).json().users)).not.toContain(
        other.username,
      );
      expect(ids((await as(viewer, 'GET', '/api/posts?limit=50')).json().posts)).not.toContain(otherPost);
      expect(ids((await as(viewer, 'GET', '/api/tags/bmtag/posts')).json().posts)).not.toContain(otherPost);
      expect(ids((await as(viewer, 'GET', '/api/feed?limit=50')).json().posts)).not.toContain(otherPost);
      // Neither can follow, like or comment on the other.
      const follow = await as(viewer, 'POST', `/api/users/follow/${other.userId}`);
      expect(follow.statusCode).toBe(404);
      expect(follow.json().errors).toEqual([apiErrors.userNotFound]);
      expect((await as(viewer, 'POST', `/api/posts/like/${otherPost}`)).statusCode).toBe(404);
      const comment = await as(viewer, 'POST', `/api/posts/${otherPost}/comments`, { commentData: { content: 'x' } });
      expect(comment.statusCode).toBe(404);
    }
    // ana no longer sees bo's comment on her own post; cy (a third party) sees both.
    const thread = (viewer: Person) =>
      as(viewer, 'GET', `/api/posts/${anasPost}/comments`).then((r) =>
        names(r.json().comments.map((c: { author: { username: string } }) => c.author)),
      );
    expect(await thread(ana)).not.toContain(bo.username);
    expect(await thread(cy)).toContain(bo.username);
    expect((await profile(cy, bo)).statusCode).toBe(200);
  });

  it('silences mentions and notifications between the two, both ways', async () => {
    const { ana, bo } = people;
    await post(bo, `hey @${ana.username}`);
    await post(ana, `hey @${bo.username}`);
    for (const [viewer, other] of [
      [ana, bo],
      [bo, ana],
    ] as const) {
      const list = (await as(viewer, 'GET', '/api/notifications?limit=50')).json().notifications as {
        actors: { username: string }[];
      }[];
      expect(list.flatMap((n) => names(n.actors))).not.toContain(other.username);
    }
  });

  it('is listed by keyset pages, undone by unblock (follows stay ended); refuses oneself and unknown people', async () => {
    const { ana, bo, cy, di } = people;
    await as(ana, 'POST', `/api/users/block/${cy.userId}`);
    await as(ana, 'POST', `/api/users/block/${di.userId}`);
    const first = (await as(ana, 'GET', '/api/users/me/blocks?limit=2')).json();
    expect(first.users).toHaveLength(2);
    const second = (
      await as(ana, 'GET', `/api/users/me/blocks?limit=2&cursor=${encodeURIComponent(first.nextCursor)}`)
    ).json();
    expect(second.nextCursor).toBeNull();
    // Most recent first (bo was blocked in the first test); two blocks in the same millisecond tie on the id.
    expect(names(second.users)).toEqual([bo.username]);
    expect(new Set(names(first.users))).toEqual(new Set([cy.username, di.username]));

    for (const other of [cy, di, bo]) {
      const res = await as(ana, 'POST', `/api/users/unblock/${other.userId}`);
      expect(res.json()).toMatchObject({ blocked: false, user: { username: other.username } });
    }
    expect((await as(ana, 'GET', '/api/users/me/blocks')).json().users).toEqual([]);
    expect((await profile(bo, ana)).json().profile).toMatchObject({ followedByMe: false, followerCount: 0 });

    const self = await as(ana, 'POST', `/api/users/block/${ana.userId}`);
    expect(self.statusCode).toBe(400);
    expect(self.json().errors).toEqual([apiErrors.cannotBlockSelf]);
    const unknown = await as(ana, 'POST', '/api/users/block/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect((await t().call('POST', `/api/users/block/${bo.userId}`)).statusCode).toBe(401);
  });
});

describe('mute (issue 16)', () => {
  it("hides the muted person's posts, comments and notifications from the muter only, silently", async () => {
    const { ana, bo, cy } = people;
    await as(cy, 'POST', `/api/users/follow/${bo.userId}`);
    await as(ana, 'POST', `/api/users/follow/${cy.userId}`);
    const res = await as(cy, 'POST', `/api/users/mute/${bo.userId}`);
    expect(res.json()).toMatchObject({ blocked: false, muted: true });
    const bosPost = await post(bo, 'muted words #bmmute');
    const cysPost = await post(cy, 'cy lifts');
    await t().app.fanout.idle();
    await as(bo, 'POST', `/api/posts/${cysPost}/comments`, { commentData: { content: 'bo comments' } });
    await as(bo, 'POST', `/api/posts/like/${cysPost}`);
    await as(ana, 'POST', `/api/posts/like/${cysPost}`);

    // cy: no trace of bo in feeds, explore, tags, comments or notifications; bo's profile still opens.
    expect(ids((await as(cy, 'GET', '/api/feed?limit=50')).json().posts)).not.toContain(bosPost);
    expect(ids((await as(cy, 'GET', '/api/feed?limit=50&order=trending')).json().posts)).not.toContain(bosPost);
    expect(ids((await as(cy, 'GET', '/api/posts?limit=50')).json().posts)).not.toContain(bosPost);
    expect(ids((await as(cy, 'GET', '/api/tags/bmmute/posts')).json().posts)).not.toContain(bosPost);
    const thread = (await as(cy, 'GET', `/api/posts/${cysPost}/comments`)).json().comments;
    expect(thread).toEqual([]);
    const told = (await as(cy, 'GET', '/api/notifications?limit=50')).json().notifications as {
      actors: { username: string }[];
    }[];
    expect(told.flatMap((n) => names(n.actors))).toContain(ana.username);
    expect(told.flatMap((n) => names(n.actors))).not.toContain(bo.username);
    const bosProfile = (await profile(cy, bo)).json().profile;
    expect(bosProfile.mutedByMe).toBe(true);
    expect(bosProfile.followedByMe).toBe(true);
    expect(names((await as(cy, 'GET', '/api/users/me/mutes')).json().users)).toEqual([bo.username]);

    // Everyone else (and bo) sees as before; bo is not told.
    expect(ids((await as(ana, 'GET', '/api/posts?limit=50')).json().posts)).toContain(bosPost);
    expect((await as(ana, 'GET', `/api/posts/${cysPost}/comments`)).json().comments).toHaveLength(1);
    expect((await profile(bo, cy)).json().profile).not.toHaveProperty('mutedByMe');
    expect(ids((await as(bo, 'GET', `/api/posts/user/${cy.username}?limit=5`)).json().posts)).toContain(cysPost);

    // Unmute: everything is back.
    expect((await as(cy, 'POST', `/api/users/unmute/${bo.userId}`)).json().muted).toBe(false);
    expect(ids((await as(cy, 'GET', '/api/feed?limit=50')).json().posts)).toContain(bosPost);
    expect((await as(cy, 'GET', `/api/posts/${cysPost}/comments`)).json().comments).toHaveLength(1);
    expect((await as(cy, 'GET', '/api/users/me/mutes')).json().users).toEqual([]);
    const self = await as(cy, 'POST', `/api/users/mute/${cy.userId}`);
    expect(self.json().errors).toEqual([apiErrors.cannotMuteSelf]);
  });
});
