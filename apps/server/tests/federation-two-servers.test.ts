import type { Comment, NotificationPage, Post, PostPage, ReportQueue, User } from '@spotter/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FederatedSpotter, type SignedUp, startFederatedSpotter } from './helpers/federated-spotters';
import { makeCertificates, type TestCertificates } from './helpers/federation-tls';

/**
 * Two Spotter servers federating (issue 49), each a real process behind its own TLS proxy on its own
 * loopback address: A on SQLite (127.0.0.2), B on PostgreSQL with BullMQ's queue on Redis
 * (127.0.0.3). Everything travels as on the internet: WebFinger, actors, signed deliveries through
 * each server's queue. The scenarios run in order, as people would, on the same two servers (starting
 * them is the cost): each later one says where the earlier ones left its people.
 */
let certificates: TestCertificates;
let a: FederatedSpotter;
let b: FederatedSpotter;
/** On A: ana follows bea on B; otto does not (he follows cleo later); adam is A's admin. */
let ana: SignedUp;
let otto: SignedUp;
let adam: SignedUp;
/** On B: bea; cleo, who erases her account; dan, who follows otto; mod, B's admin. */
let bea: SignedUp;
let cleo: SignedUp;
let dan: SignedUp;
let mod: SignedUp;
/** bea as A knows her: her id on A. */
let beaOnA: User;
/** ana as B knows her: her id on B. */
let anaOnB: User;

/** What travels between servers arrives through their queues: waited for by asking, never by sleeping. */
const arrival = { timeout: 60_000, interval: 100 };

beforeAll(async () => {
  certificates = makeCertificates(['127.0.0.2', '127.0.0.3']);
  [a, b] = await Promise.all([
    // A retries a failed delivery after 0.3 s (then 0.6, 1.2, ...), not a minute, and holds a server that
    // keeps failing for 9 s, not 30 min (retry-policy.ts): B is stopped below.
    startFederatedSpotter({
      address: '127.0.0.2',
      certificates,
      engine: 'sqlite',
      env: { FEDERATION_RETRY_FIRST_DELAY_MS: '300' },
    }),
    startFederatedSpotter({ address: '127.0.0.3', certificates, engine: 'postgres+redis' }),
  ]);
  [ana, otto, adam, bea, cleo, dan, mod] = await Promise.all([
    a.signup('ana'),
    a.signup('otto'),
    a.signup('adam'),
    b.signup('bea'),
    b.signup('cleo'),
    b.signup('dan'),
    b.signup('mod'),
  ]);
  // Made admins before their first signed-in call, as an operator names the first admin.
  await Promise.all([a.admin(['grant', 'adam']), b.admin(['grant', 'mod'])]);
  // Each person's keys are made the first time their actor is asked for (an RSA key takes seconds on
  // a busy machine): asked for here, so that no lookup below runs into its 10-second limit.
  await Promise.all(
    [
      ...[ana, otto].map((person) => [a, person] as const),
      ...[bea, cleo, dan].map((person) => [b, person] as const),
    ].map(async ([server, person]) => {
      const actor = await fetch(`${server.process.url}/ap/users/${person.id}`, {
        headers: { accept: 'application/activity+json' },
      });
      expect(actor.status).toBe(200);
    }),
  );
}, 180_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  certificates?.remove();
}, 60_000);

const lookup = (server: FederatedSpotter, acct: string, token: string) =>
  server.call<{ user: User; errors?: string[] }>('GET', `/api/users/lookup?acct=${encodeURIComponent(acct)}`, token);

const feedOf = async (server: FederatedSpotter, person: SignedUp) =>
  (await server.call<PostPage>('GET', '/api/feed?limit=50', person.token)).json.posts.map((post) => post.content);

const postsSeenBy = async (server: FederatedSpotter, username: string, viewer: SignedUp) =>
  (
    await server.call<{ posts: { content: string }[] }>(
      'GET',
      `/api/posts/user/${encodeURIComponent(username)}`,
      viewer.token,
    )
  ).json.posts.map((post) => post.content);

type Counts = { followerCount: number; followingCount: number };
const countsOf = async (server: FederatedSpotter, person: SignedUp) =>
  (await server.call<{ profile: Counts }>('GET', `/api/users/profile/${person.username}`)).json.profile;
const followersOnB = async (person: SignedUp) => (await countsOf(b, person)).followerCount;

/** A post's card as `viewer` is shown it on `server` (a page of its author's cards), or undefined. */
const postOf = async (server: FederatedSpotter, author: string, content: string | RegExp, viewer: SignedUp) => {
  const answer = await server.call<{ posts: (Post & { workout?: Record<string, unknown> })[] }>(
    'GET',
    `/api/posts/user/${encodeURIComponent(author)}?limit=50`,
    viewer.token,
  );
  return answer.json.posts?.find((post) =>
    typeof content === 'string' ? post.content === content : content.test(post.content),
  );
};
const postIdOf = async (server: FederatedSpotter, author: string, content: string, viewer: SignedUp) => {
  const post = await postOf(server, author, content, viewer);
  if (!post) throw new Error(`${viewer.username} sees no post "${content}" by ${author}`);
  return post._id;
};
const onePost = (server: FederatedSpotter, postId: string, viewer: SignedUp) =>
  server.call<{ post: Post }>('GET', `/api/posts/${postId}`, viewer.token);
const commentsOn = async (server: FederatedSpotter, postId: string, viewer: SignedUp) =>
  (await server.call<{ comments: Comment[] }>('GET', `/api/posts/${postId}/comments`, viewer.token)).json.comments.map(
    (comment) => ({ content: comment.content, by: comment.author.username }),
  );
const notificationsOf = async (server: FederatedSpotter, person: SignedUp) =>
  (await server.call<NotificationPage>('GET', '/api/notifications', person.token)).json.notifications.map((n) => ({
    type: n.type,
    by: n.actors.map((actor) => actor.username),
    post: n.post?._id,
  }));
const post = async (server: FederatedSpotter, person: SignedUp, content: string, extra: object = {}) => {
  const made = await server.call('POST', '/api/posts', person.token, {
    postData: { content, visibility: 'public', ...extra },
  });
  expect(made.status, JSON.stringify(made.json)).toBe(201);
};
/** `person` on `server` looks up `handle` and follows them; answers the followee as `server` knows them. */
const follow = async (server: FederatedSpotter, person: SignedUp, handle: string) => {
  const found = await lookup(server, handle, person.token);
  expect(found.status).toBe(200);
  expect((await server.call('POST', `/api/users/follow/${found.json.user._id}`, person.token)).status).toBe(200);
  return found.json.user;
};

describe('two Spotter servers', { timeout: 120_000 }, () => {
  it('ana on A looks bea on B up by her handle and follows her; B counts ana among her followers', async () => {
    const found = await lookup(a, `@${b.handle('bea')}`, ana.token);
    expect(found.status).toBe(200);
    beaOnA = found.json.user;
    expect(beaOnA).toMatchObject({ username: b.handle('bea'), remote: true, firstname: 'bea' });
    expect(beaOnA._id).not.toBe(bea.id);
    // Looked up again (with `acct:` this time): the same person, not a second one.
    expect((await lookup(a, `acct:${b.handle('bea')}`, ana.token)).json.user._id).toBe(beaOnA._id);
    // Local people keep the spec's user object: no `remote` field.
    const local = await a.call<{ user: User }>('GET', `/api/users/${ana.id}`);
    expect(local.json.user).not.toHaveProperty('remote');

    const nobody = await lookup(a, `nobody@${b.host}`, ana.token);
    expect(nobody.status).toBe(404);
    expect(nobody.json.errors?.[0]).toMatch(/No one was found/);
    expect((await lookup(a, 'not a handle', ana.token)).status).toBe(400);

    const follow = await a.call('POST', `/api/users/follow/${beaOnA._id}`, ana.token);
    expect(follow.status).toBe(200);
    await vi.waitFor(async () => expect(await followersOnB(bea)).toBe(1), arrival);
    const followers = await b.call<{ user: User }>('GET', `/api/users/${bea.id}`);
    expect(followers.json.user.followers).toEqual([
      expect.objectContaining({ username: a.handle('ana'), remote: true }),
    ]);
  });

  it("bea's public and followers-only posts reach ana's Home; otto sees only the public one; the private one never leaves B", async () => {
    // The private post first: by the time the later ones have arrived, it would have too.
    for (const [content, visibility] of [
      ['Only me: rest day', 'private'],
      ['Public: 5 km easy', 'public'],
      ['Followers: new squat record', 'followers'],
    ] as const) {
      const made = await b.call('POST', '/api/posts', bea.token, { postData: { content, visibility } });
      expect(made.status).toBe(201);
    }
    await vi.waitFor(async () => {
      expect(await feedOf(a, ana)).toEqual(
        expect.arrayContaining(['Public: 5 km easy', 'Followers: new squat record']),
      );
    }, arrival);
    expect(await feedOf(a, ana)).not.toContain('Only me: rest day');
    expect(await postsSeenBy(a, beaOnA.username, ana)).not.toContain('Only me: rest day');
    const seenByOtto = await postsSeenBy(a, beaOnA.username, otto);
    expect(seenByOtto).toContain('Public: 5 km easy');
    expect(seenByOtto).not.toContain('Followers: new squat record');
    expect(await feedOf(a, otto)).toEqual([]);
  });

  it('likes travel both ways: each author sees the like counted and is told who liked it', async () => {
    // bea follows ana back, so ana's posts reach B.
    anaOnB = await follow(b, bea, a.handle('ana'));
    await vi.waitFor(async () => expect((await countsOf(a, ana)).followerCount).toBe(1), arrival);
    await post(a, ana, 'Ana: 10 km tempo');
    await vi.waitFor(async () => expect(await feedOf(b, bea)).toContain('Ana: 10 km tempo'), arrival);
    const beaPostOnA = await postIdOf(a, beaOnA.username, 'Public: 5 km easy', ana);
    const beaPostOnB = await postIdOf(b, 'bea', 'Public: 5 km easy', bea);
    const anaPostOnA = await postIdOf(a, 'ana', 'Ana: 10 km tempo', ana);
    const anaPostOnB = await postIdOf(b, anaOnB.username, 'Ana: 10 km tempo', bea);

    // A -> B: ana likes bea's post on A; bea sees it counted on B, and a like from ana.
    expect((await a.call('POST', `/api/posts/like/${beaPostOnA}`, ana.token)).status).toBe(201);
    await vi.waitFor(async () => {
      expect((await onePost(b, beaPostOnB, bea)).json.post.likes.likeCount).toBe(1);
      expect(await notificationsOf(b, bea)).toContainEqual({ type: 'like', by: [anaOnB.username], post: beaPostOnB });
    }, arrival);
    // B -> A: bea likes ana's post on B.
    expect((await b.call('POST', `/api/posts/like/${anaPostOnB}`, bea.token)).status).toBe(201);
    await vi.waitFor(async () => {
      expect((await onePost(a, anaPostOnA, ana)).json.post.likes.likedBy).toEqual([
        expect.objectContaining({ username: beaOnA.username }),
      ]);
      expect(await notificationsOf(a, ana)).toContainEqual({ type: 'like', by: [beaOnA.username], post: anaPostOnA });
    }, arrival);
  });

  it('comments travel both ways: each shows under the post on the other server, by its author', async () => {
    const beaPostOnA = await postIdOf(a, beaOnA.username, 'Public: 5 km easy', ana);
    const beaPostOnB = await postIdOf(b, 'bea', 'Public: 5 km easy', bea);
    const anaPostOnA = await postIdOf(a, 'ana', 'Ana: 10 km tempo', ana);
    const anaPostOnB = await postIdOf(b, anaOnB.username, 'Ana: 10 km tempo', bea);
    const comment = (server: FederatedSpotter, person: SignedUp, postId: string, content: string) =>
      server.call('POST', `/api/posts/${postId}/comments`, person.token, { commentData: { content } });

    expect((await comment(a, ana, beaPostOnA, 'Nice pace!')).status).toBe(201);
    await vi.waitFor(async () => {
      expect(await commentsOn(b, beaPostOnB, bea)).toEqual([{ content: 'Nice pace!', by: anaOnB.username }]);
      expect(await notificationsOf(b, bea)).toContainEqual({
        type: 'comment',
        by: [anaOnB.username],
        post: beaPostOnB,
      });
    }, arrival);
    expect((await comment(b, bea, anaPostOnB, 'See you Sunday')).status).toBe(201);
    await vi.waitFor(async () => {
      expect(await commentsOn(a, anaPostOnA, ana)).toEqual([{ content: 'See you Sunday', by: beaOnA.username }]);
      expect(await notificationsOf(a, ana)).toContainEqual({
        type: 'comment',
        by: [beaOnA.username],
        post: anaPostOnA,
      });
    }, arrival);
  });

  it('edits travel both ways: the other server shows the new text, marked edited', async () => {
    const anaPostOnA = await postIdOf(a, 'ana', 'Ana: 10 km tempo', ana);
    const anaPostOnB = await postIdOf(b, anaOnB.username, 'Ana: 10 km tempo', bea);
    const beaPostOnA = await postIdOf(a, beaOnA.username, 'Public: 5 km easy', ana);
    const beaPostOnB = await postIdOf(b, 'bea', 'Public: 5 km easy', bea);
    const edit = (server: FederatedSpotter, person: SignedUp, postId: string, content: string) =>
      server.call('POST', `/api/posts/edit/${postId}`, person.token, { postData: { content } });

    expect((await edit(a, ana, anaPostOnA, 'Ana: 10 km tempo, negative splits')).status).toBe(201);
    expect((await edit(b, bea, beaPostOnB, 'Public: 5 km easy, then strides')).status).toBe(201);
    await vi.waitFor(async () => {
      const onB = (await onePost(b, anaPostOnB, bea)).json.post;
      expect(onB).toMatchObject({ content: 'Ana: 10 km tempo, negative splits', editedAt: expect.any(String) });
      const onA = (await onePost(a, beaPostOnA, ana)).json.post;
      expect(onA).toMatchObject({ content: 'Public: 5 km easy, then strides', editedAt: expect.any(String) });
    }, arrival);
  });

  it('deletions travel both ways: a deleted post is gone from the other server, its page and the Home', async () => {
    const anaPostOnB = await postIdOf(b, anaOnB.username, 'Ana: 10 km tempo, negative splits', bea);
    const anaPostOnA = await postIdOf(a, 'ana', 'Ana: 10 km tempo, negative splits', ana);
    const beaPostOnA = await postIdOf(a, beaOnA.username, 'Public: 5 km easy, then strides', ana);
    const beaPostOnB = await postIdOf(b, 'bea', 'Public: 5 km easy, then strides', bea);

    expect((await a.call('DELETE', `/api/posts/${anaPostOnA}`, ana.token)).status).toBe(201);
    expect((await b.call('DELETE', `/api/posts/${beaPostOnB}`, bea.token)).status).toBe(201);
    await vi.waitFor(async () => {
      expect((await onePost(b, anaPostOnB, bea)).status).toBe(404);
      expect((await onePost(a, beaPostOnA, ana)).status).toBe(404);
    }, arrival);
    expect(await feedOf(b, bea)).not.toContain('Ana: 10 km tempo, negative splits');
    expect(await feedOf(a, ana)).toEqual(['Followers: new squat record']);
  });

  it("bea's workout post reaches A as a workout card, and ana copies it into her own log", async () => {
    const logged = await b.call<{ workout: { _id: string } }>('POST', '/api/workouts', bea.token, {
      workout: {
        title: 'Leg day',
        startedAt: '2026-12-06T07:00:00Z',
        durationSec: 3000,
        exercises: [{ exerciseId: 'conventional-deadlift', sets: [1, 2, 3].map(() => ({ reps: 5, weightKg: 120 })) }],
      },
    });
    expect(logged.status, JSON.stringify(logged.json)).toBe(201);
    await post(b, bea, 'Heavy but smooth', { workoutId: logged.json.workout._id });

    await vi.waitFor(async () => expect(await feedOf(a, ana)).toContain('Heavy but smooth'), arrival);
    const card = await postOf(a, beaOnA.username, 'Heavy but smooth', ana);
    expect(card?.workout).toMatchObject({
      title: 'Leg day',
      durationSec: 3000,
      totalVolumeKg: 1800,
      exercises: [
        { name: 'Conventional Deadlift', setCount: 3, bestSet: expect.objectContaining({ reps: 5, weightKg: 120 }) },
      ],
    });

    const copied = await a.call<{ workout: { _id: string; title: string; username: string } }>(
      'POST',
      `/api/workouts/from-post/${card?._id}`,
      ana.token,
    );
    expect(copied.status, JSON.stringify(copied.json)).toBe(201);
    expect(copied.json.workout).toMatchObject({ title: 'Leg day', username: 'ana' });
    const log = await a.call<{ workouts: { _id: string; title: string }[] }>(
      'GET',
      '/api/users/ana/workouts',
      ana.token,
    );
    expect(log.json.workouts).toEqual([expect.objectContaining({ _id: copied.json.workout._id, title: 'Leg day' })]);
  });

  it('ana unfollows bea: B no longer counts her, and ana’s Home drops bea’s posts', async () => {
    const unfollow = await a.call('POST', `/api/users/unfollow/${beaOnA._id}`, ana.token);
    expect(unfollow.status).toBe(200);
    await vi.waitFor(async () => expect(await followersOnB(bea)).toBe(0), arrival);
    expect(await feedOf(a, ana)).toEqual([]);
  });

  it("ana reports bea's workout post: B's moderators find it in their queue, with ana's note", async () => {
    const onA = await postIdOf(a, beaOnA.username, 'Heavy but smooth', ana);
    const onB = await postIdOf(b, 'bea', 'Heavy but smooth', bea);
    const reported = await a.call('POST', '/api/reports', ana.token, {
      report: { postId: onA, reason: 'spam', note: 'Selling supplements in every post' },
    });
    expect(reported.status, JSON.stringify(reported.json)).toBe(201);
    await vi.waitFor(async () => {
      const queue = await b.call<ReportQueue>('GET', '/api/admin/reports', mod.token);
      expect(queue.json.reports).toEqual([
        expect.objectContaining({
          target: expect.objectContaining({
            type: 'post',
            _id: onB,
            author: expect.objectContaining({ username: 'bea' }),
          }),
          notes: ['Selling supplements in every post'],
          count: 1,
        }),
      ]);
    }, arrival);
  });

  it("bea blocks ana: ana's follow of bea ends on A too, and bea's posts stop reaching A", async () => {
    // otto follows cleo: what cleo posts later shows that B still delivers to A.
    await follow(a, otto, `@${b.handle('cleo')}`);
    await follow(a, ana, `@${b.handle('bea')}`);
    await vi.waitFor(async () => {
      expect(await followersOnB(cleo)).toBe(1);
      expect(await followersOnB(bea)).toBe(1);
    }, arrival);

    expect((await b.call('POST', `/api/users/block/${anaOnB._id}`, bea.token)).status).toBe(200);
    await vi.waitFor(async () => expect((await countsOf(a, ana)).followingCount).toBe(0), arrival);
    expect(await followersOnB(bea)).toBe(0);

    await post(b, bea, 'Bea after the block');
    await post(b, cleo, 'Cleo after the block');
    await vi.waitFor(async () => expect(await feedOf(a, otto)).toContain('Cleo after the block'), arrival);
    expect(await feedOf(a, ana)).not.toContain('Bea after the block');
    expect(await postsSeenBy(a, beaOnA.username, otto)).not.toContain('Bea after the block');
  });

  it('cleo erases her account on B: A forgets her and her posts', async () => {
    const cleoOnA = (await lookup(a, b.handle('cleo'), otto.token)).json.user;
    expect(await postsSeenBy(a, cleoOnA.username, otto)).toContain('Cleo after the block');
    const erased = await b.call('POST', '/api/users/me/delete', cleo.token, { password: 'correct horse battery' });
    expect(erased.status, JSON.stringify(erased.json)).toBe(200);
    await vi.waitFor(async () => expect((await a.call('GET', `/api/users/${cleoOnA._id}`)).status).toBe(404), arrival);
    expect(await feedOf(a, otto)).not.toContain('Cleo after the block');
    expect((await countsOf(a, otto)).followingCount).toBe(0);
  });

  it('B is down while otto posts: A retries, and the post reaches dan on B once B is back', async () => {
    await follow(b, dan, a.handle('otto'));
    await vi.waitFor(async () => expect((await countsOf(a, otto)).followerCount).toBe(1), arrival);
    await b.restart(async () => {
      const refusedBefore = b.refusedConnections;
      await post(a, otto, 'Posted while B was down');
      // A tried to deliver it and found nobody behind B's address.
      await vi.waitFor(() => expect(b.refusedConnections).toBeGreaterThan(refusedBefore), arrival);
    });
    await vi.waitFor(async () => expect(await feedOf(b, dan)).toContain('Posted while B was down'), arrival);
  });

  it("A's admin blocks B's domain: the follows between them end, B's deliveries are refused, B's people are not found", async () => {
    const blocked = await a.call<{ endedFollows: number }>('POST', '/api/admin/blocked-domains', adam.token, {
      domain: '127.0.0.3',
      reason: 'Test of a domain block',
    });
    expect(blocked.status, JSON.stringify(blocked.json)).toBe(201);
    expect(blocked.json.endedFollows).toBe(1);
    expect((await countsOf(a, otto)).followerCount).toBe(0);
    // A delivery from B's people is refused before anything is read of it.
    const delivery = await a.call<{ errors: string[] }>('POST', '/ap/inbox', undefined, {
      type: 'Create',
      actor: `${b.origin}/ap/users/${dan.id}`,
    });
    expect(delivery.status).toBe(403);
    const found = await lookup(a, b.handle('dan'), otto.token);
    expect(found.status).toBe(404);
  });
});
