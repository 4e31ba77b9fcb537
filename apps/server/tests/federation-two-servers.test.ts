import type { PostPage, User } from '@spotter/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FederatedSpotter, type SignedUp, startFederatedSpotter } from './helpers/federated-spotters';
import { makeCertificates, type TestCertificates } from './helpers/federation-tls';

/**
 * Two Spotter servers federating (issue 49), each a real process behind its own TLS proxy on its own
 * loopback address: A on SQLite (127.0.0.2), B on PostgreSQL with BullMQ's queue on Redis
 * (127.0.0.3). Everything travels as on the internet: WebFinger, actors, signed deliveries through
 * each server's queue. The scenarios run in order, as people would: further ones (likes, comments,
 * blocks, workouts) are further `it`s on the same people.
 */
let certificates: TestCertificates;
let a: FederatedSpotter;
let b: FederatedSpotter;
/** On A: ana follows bea on B; otto does not. */
let ana: SignedUp;
let otto: SignedUp;
/** On B. */
let bea: SignedUp;
/** bea as A knows her: her id on A. */
let beaOnA: User;

/** What travels between servers arrives through their queues: waited for by asking, never by sleeping. */
const arrival = { timeout: 60_000, interval: 100 };

beforeAll(async () => {
  certificates = makeCertificates(['127.0.0.2', '127.0.0.3']);
  [a, b] = await Promise.all([
    startFederatedSpotter({ address: '127.0.0.2', certificates, engine: 'sqlite' }),
    startFederatedSpotter({ address: '127.0.0.3', certificates, engine: 'postgres+redis' }),
  ]);
  [ana, otto, bea] = await Promise.all([a.signup('ana'), a.signup('otto'), b.signup('bea')]);
}, 120_000);

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

const followersOnB = async (person: SignedUp) =>
  (await b.call<{ profile: { followerCount: number } }>('GET', `/api/users/profile/${person.username}`)).json.profile
    .followerCount;

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

  it('ana unfollows bea: B no longer counts her, and ana’s Home drops bea’s posts', async () => {
    const unfollow = await a.call('POST', `/api/users/unfollow/${beaOnA._id}`, ana.token);
    expect(unfollow.status).toBe(200);
    await vi.waitFor(async () => expect(await followersOnB(bea)).toBe(0), arrival);
    expect(await feedOf(a, ana)).toEqual([]);
  });
});
