import { Accept, Create, type Follow, Note, type Person, PUBLIC_COLLECTION, Reject } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Peer } from './helpers/activitypub-peer';
import { eventually } from './helpers/eventually';
import {
  type FederatedTestApp,
  federationQueueEmpty,
  peerContext,
  peerHandle,
  profileOf,
  startFederatedTestApp,
} from './helpers/federated-test-app';
import type { TestApp, Person as TestPerson } from './helpers/test-app';

/**
 * Following a locked person on another server (issue 49, decision 106), against a peer written with
 * Fedify alone whose `peer` says `manuallyApprovesFollowers` (and `mallory` does not): the follow is a
 * request until the peer's Accept (not counted, nothing in Home, the profile says `followRequested`),
 * a Reject drops it, taking it back sends Undo of its Follow; an unlocked person is followed at once.
 */
let spotter: TestApp;
let federated: FederatedTestApp;
let peer: Peer;
let alice: TestPerson;
let alicePerson: Person;
let peerId: string;
let malloryId: string;

// As the web app asks: the answer is both profiles (`followedByMe`, `followRequested`).
const minimal = { prefer: 'return=minimal' };
const follow = (id: string) =>
  spotter.call('POST', `/api/users/follow/${id}`, { token: alice.token, headers: minimal });
const unfollow = (id: string) =>
  spotter.call('POST', `/api/users/unfollow/${id}`, { token: alice.token, headers: minimal });
const homeText = async () => JSON.stringify((await spotter.call('GET', '/api/feed', { token: alice.token })).json());

/** A public Note of `name` to alice: Spotter stores them (fetching their actor) and the Note as their post. */
async function postFrom(name: string, text: string): Promise<string> {
  const id = new URL(`${peer.origin}/notes/${name}`);
  await peerContext(peer).sendActivity(
    { identifier: name },
    alicePerson,
    new Create({
      id: new URL(`${id.href}#create`),
      actor: peer.actorUri(name),
      object: new Note({ id, attribution: peer.actorUri(name), content: `<p>${text}</p>`, tos: [PUBLIC_COLLECTION] }),
      tos: [PUBLIC_COLLECTION],
    }),
  );
  const author = async () => {
    const posts = (
      await spotter.call('GET', `/api/posts/user/${encodeURIComponent(peerHandle(peer, name))}?limit=1`)
    ).json();
    return posts.posts?.[0]?.author?._id as string | undefined;
  };
  expect(await eventually(async () => (await author()) !== undefined, 15_000)).toBe(true);
  return (await author()) as string;
}

function answer(Kind: typeof Accept | typeof Reject, n: number, object: Follow) {
  return peerContext(peer).sendActivity(
    { identifier: 'peer' },
    alicePerson,
    new Kind({ id: new URL(`${peer.origin}/answers/${n}`), actor: peer.actorUri('peer'), object }),
  );
}

beforeAll(async () => {
  federated = await startFederatedTestApp({ host: '127.0.0.6', peerHost: '127.0.0.7' });
  ({ spotter, peer } = federated);
  peer.locked.add('peer');
  alice = { ...(await spotter.signup('alice')), username: 'alice' };
  alicePerson = (await peerContext(peer).lookupObject(`${federated.origin}/profilepage/alice`)) as Person;
  peerId = await postFrom('peer', 'Locked squats');
  malloryId = await postFrom('mallory', 'Open deadlifts');
}, 60_000);

afterAll(async () => {
  await federated?.close();
});

describe('following a locked person on another server', () => {
  it('remembers who approves their followers from their actor', async () => {
    const locked = await spotter.db.kysely
      .selectFrom('users')
      .select(['username', 'locked_account'])
      .where('remote', '=', 1)
      .orderBy('username')
      .execute();
    expect(locked).toEqual([
      { username: peerHandle(peer, 'mallory'), locked_account: 0 },
      { username: peerHandle(peer, 'peer'), locked_account: 1 },
    ]);
  });

  it('is a request until their Accept: not counted, nothing in Home, the profile says requested', async () => {
    const asked = await follow(peerId);
    expect(asked.statusCode).toBe(200);
    expect(asked.json().followUser).toMatchObject({ followedByMe: false, followRequested: true, followerCount: 0 });
    expect(asked.json().user).toMatchObject({ followingCount: 0 });
    expect(await profileOf(spotter, alice, peerHandle(peer, 'peer'))).toMatchObject({
      followedByMe: false,
      followRequested: true,
    });
    const again = await follow(peerId);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ errors: ['Your follow request is already waiting for their answer.'] });
    expect(await eventually(() => peer.follows.length === 1, 15_000)).toBe(true);
    const sent = peer.follows[0] as Follow;
    expect(sent.actorId?.href).toBe(alicePerson.id?.href);
    expect(sent.objectId?.href).toBe(peer.actorUri('peer').href);
    expect((await profileOf(spotter, alice, 'alice')).followingCount).toBe(0);
    expect(await homeText()).not.toContain('Locked squats');

    await answer(Accept, 1, sent);
    expect(
      await eventually(
        async () => (await profileOf(spotter, alice, peerHandle(peer, 'peer'))).followedByMe === true,
        15_000,
      ),
    ).toBe(true);
    const followed = await profileOf(spotter, alice, peerHandle(peer, 'peer'));
    expect(followed.followRequested).toBeUndefined();
    expect(followed.followerCount).toBe(1);
    expect((await profileOf(spotter, alice, 'alice')).followingCount).toBe(1);
    expect(await homeText()).toContain('Locked squats');

    // An unfollow of the follow the Accept made sends Undo of that same Follow.
    expect((await unfollow(peerId)).statusCode).toBe(200);
    expect(await eventually(() => peer.undos.length === 1, 15_000)).toBe(true);
    expect(peer.undos[0]?.objectId?.href).toBe(sent.id?.href);
    expect(await homeText()).not.toContain('Locked squats');
  }, 60_000);

  it('drops the request on their Reject', async () => {
    expect((await follow(peerId)).json().followUser.followRequested).toBe(true);
    expect(await eventually(() => peer.follows.length === 2, 15_000)).toBe(true);
    await answer(Reject, 2, peer.follows[1] as Follow);
    expect(
      await eventually(
        async () => (await profileOf(spotter, alice, peerHandle(peer, 'peer'))).followRequested === undefined,
        15_000,
      ),
    ).toBe(true);
    expect(await profileOf(spotter, alice, peerHandle(peer, 'peer'))).toMatchObject({
      followedByMe: false,
      followerCount: 0,
    });
    expect((await profileOf(spotter, alice, 'alice')).followingCount).toBe(0);
    // Gone: unfollowing now is not following anyone.
    expect((await unfollow(peerId)).statusCode).toBe(400);
  }, 60_000);

  it('is taken back by an unfollow while it waits: gone at once, Undo of its Follow sent', async () => {
    expect((await follow(peerId)).json().followUser.followRequested).toBe(true);
    expect(await eventually(() => peer.follows.length === 3, 15_000)).toBe(true);
    const cancelled = await unfollow(peerId);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().followUser.followRequested).toBeUndefined();
    expect(cancelled.json().followUser.followedByMe).toBe(false);
    expect(await eventually(() => peer.undos.length === 2, 15_000)).toBe(true);
    expect(peer.undos[1]?.objectId?.href).toBe(peer.follows[2]?.id?.href);
    // A late Accept of the withdrawn Follow makes nothing.
    await answer(Accept, 3, peer.follows[2] as Follow);
    expect(await eventually(() => federationQueueEmpty(spotter), 15_000)).toBe(true);
    expect(await profileOf(spotter, alice, peerHandle(peer, 'peer'))).toMatchObject({
      followedByMe: false,
      followerCount: 0,
    });
  }, 60_000);

  it('tells a Mastodon client the request through its Relationship', async () => {
    expect((await follow(peerId)).statusCode).toBe(200);
    const relationships = await spotter.call('GET', `/api/v1/accounts/relationships?id[]=${peerId}`, {
      token: alice.token,
    });
    expect(relationships.json()).toEqual([expect.objectContaining({ id: peerId, following: false, requested: true })]);
    expect((await unfollow(peerId)).statusCode).toBe(200);
  });

  it('follows an unlocked person at once, as before', async () => {
    const made = await follow(malloryId);
    expect(made.statusCode).toBe(200);
    expect(made.json().followUser.followedByMe).toBe(true);
    expect(made.json().followUser.followRequested).toBeUndefined();
    expect((await profileOf(spotter, alice, 'alice')).followingCount).toBe(1);
    expect(await homeText()).toContain('Open deadlifts');
  });
});
