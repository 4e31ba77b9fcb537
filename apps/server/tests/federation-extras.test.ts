import { type Activity, Announce, Block, Follow, type Person, PUBLIC_COLLECTION, Undo } from '@fedify/vocab';
import type { Notification } from '@spotter/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Peer } from './helpers/activitypub-peer';
import { eventually } from './helpers/eventually';
import { type FederatedTestApp, startFederatedTestApp } from './helpers/federated-test-app';
import type { TestApp, Person as TestPerson } from './helpers/test-app';

/**
 * Issue 49's loose ends a fediverse user expects, between a Spotter server on 127.0.0.2 and a
 * minimal ActivityPub server written with Fedify alone (helpers/activitypub-peer.ts) on 127.0.0.3:
 * a remote block kept as a block and its Undo, the "boosted your post" notification and its Undo,
 * and an erased person's actor answering 410 Gone.
 */
const spotterHost = '127.0.0.2';
let spotter: TestApp;
let federated: FederatedTestApp;
let origin: string;
let peer: Peer;
let alice: TestPerson;
let bob: TestPerson;
let alicePerson: Person;
let peerId: string;

const peerContext = () => peer.federation.createContext(new URL(peer.origin), undefined);
const handle = (name: string) => `${name}@${new URL(peer.origin).host}`;
/** Sends an activity to alice's inbox, signed by the peer's actor `as`. */
const send = (activity: Activity, as = 'peer') => peerContext().sendActivity({ identifier: as }, alicePerson, activity);

async function queueIsEmpty(): Promise<boolean> {
  const row = await spotter.db.kysely
    .selectFrom('federation_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}
/** Waits until Spotter has handled every delivery it took (each is queued before it is handled). */
const settled = async () => expect(await eventually(queueIsEmpty, 15_000)).toBe(true);

const profileStatus = async (who: TestPerson, username: string) =>
  (await spotter.call('GET', `/api/users/profile/${encodeURIComponent(username)}`, { token: who.token })).statusCode;

beforeAll(async () => {
  federated = await startFederatedTestApp({ host: spotterHost, peerHost: '127.0.0.3' });
  ({ spotter, origin, peer } = federated);
  alice = { ...(await spotter.signup('alice')), username: 'alice' };
  bob = { ...(await spotter.signup('bob')), username: 'bob' };
  alicePerson = (await peerContext().lookupObject(`${origin}/profilepage/alice`)) as Person;
  await send(
    new Follow({ id: new URL(`${peer.origin}/follows/1`), actor: peer.actorUri('peer'), object: alicePerson.id }),
  );
  if (!(await eventually(() => peer.accepts.length > 0, 15_000))) throw new Error('the follow was not accepted');
  const row = await spotter.db.kysely
    .selectFrom('users')
    .select('public_id')
    .where('actor_uri', '=', peer.actorUri('peer').href)
    .executeTakeFirstOrThrow();
  peerId = row.public_id;
}, 60_000);

afterAll(async () => {
  await federated?.close();
});

describe('a Block from a remote person, and its Undo', () => {
  /** The peer among alice's followers and among those she follows (0, 1 or 2 rows). */
  const follows = async () => {
    const followers = (await spotter.call('GET', '/api/users/alice/followers', { token: alice.token })).json().users;
    const following = (await spotter.call('GET', '/api/users/alice/following', { token: alice.token })).json().users;
    return [...followers, ...following].filter((u: { username: string }) => u.username === handle('peer')).length;
  };
  const blockOf = () =>
    new Block({ id: new URL(`${peer.origin}/blocks/1`), actor: peer.actorUri('peer'), object: alicePerson.id });
  const undoOf = (as: string) =>
    new Undo({ id: new URL(`${peer.origin}/undos/block-${as}`), actor: peer.actorUri(as), object: blockOf() });

  it('ends the follows both ways and holds as a block: no profile, no follow, not in her own block list', async () => {
    expect((await spotter.call('POST', `/api/users/follow/${peerId}`, { token: alice.token })).statusCode).toBe(200);
    expect(await follows()).toBe(2);
    await send(blockOf());
    expect(await eventually(async () => (await follows()) === 0, 15_000)).toBe(true);
    expect(await profileStatus(alice, handle('peer'))).toBe(404);
    const refollow = await spotter.call('POST', `/api/users/follow/${peerId}`, { token: alice.token });
    expect(refollow.statusCode).toBe(404);
    const blocks = (await spotter.call('GET', '/api/users/me/blocks', { token: alice.token })).json().users;
    expect(blocks).toEqual([]);
  }, 30_000);

  it("takes no Undo from someone else than the blocker, and the blocker's ends the block, not the follows", async () => {
    await send(undoOf('mallory'), 'mallory');
    await settled();
    expect(await profileStatus(alice, handle('peer'))).toBe(404);

    await send(undoOf('peer'));
    expect(await eventually(async () => (await profileStatus(alice, handle('peer'))) === 200, 15_000)).toBe(true);
    expect(await follows()).toBe(0);
    // She may follow them again; their server decides whether to accept.
    expect((await spotter.call('POST', `/api/users/follow/${peerId}`, { token: alice.token })).statusCode).toBe(200);
    expect(await follows()).toBe(1);
  }, 30_000);
});

describe('a boost of a local post (Announce)', () => {
  const notifications = async (who: TestPerson) =>
    (await spotter.call('GET', '/api/notifications', { token: who.token })).json().notifications as Notification[];
  const boostsOf = async (who: TestPerson) => (await notifications(who)).filter((n) => n.type === 'boost');
  const newPost = async (who: TestPerson, content: string, visibility = 'public') => {
    const res = await spotter.call('POST', '/api/posts', {
      token: who.token,
      body: { postData: { content, visibility } },
      headers: { prefer: 'return=minimal' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().post._id as string;
  };
  const announce = (id: string, by: string, postId: string) =>
    new Announce({
      id: new URL(`${peer.origin}/announces/${id}`),
      actor: peer.actorUri(by),
      object: new URL(`${origin}/ap/posts/${postId}`),
      tos: [PUBLIC_COLLECTION],
    });
  let postId: string;

  it('tells its author "boosted your post", once, whoever boosts it, and the client API says reblog', async () => {
    postId = await newPost(bob, 'Deadlift 3 × 5 at 160 kg');
    // Nobody here follows mallory: the boost is not in anyone's Home, but bob is told.
    await send(announce('m1', 'mallory', postId), 'mallory');
    expect(await eventually(async () => (await boostsOf(bob)).length === 1, 15_000)).toBe(true);
    const [entry] = await boostsOf(bob);
    expect(entry?.actors.map((a) => a.username)).toEqual([handle('mallory')]);
    expect(entry?.actorCount).toBe(1);
    expect(entry?.post).toEqual({ _id: postId, excerpt: 'Deadlift 3 × 5 at 160 kg' });
    expect(entry?.read).toBe(false);

    // The same Announce delivered again tells nothing new.
    await send(announce('m1', 'mallory', postId), 'mallory');
    await settled();
    expect((await boostsOf(bob)).map((n) => n.actorCount)).toEqual([1]);

    // The Mastodon client API (a session token serves, decision 082): a reblog of bob's own status.
    const res = await spotter.call('GET', '/api/v1/notifications', { token: bob.token });
    expect(res.statusCode, res.body).toBe(200);
    const [reblog] = res.json().filter((n: { type: string }) => n.type === 'reblog');
    expect(reblog.account.acct).toBe(handle('mallory'));
    expect(reblog.status.id).toBe(postId);
    const only = await spotter.call('GET', '/api/v1/notifications?types[]=reblog', { token: bob.token });
    expect(only.json().map((n: { type: string }) => n.type)).toEqual(['reblog']);

    // The list's Boosts filter shows it, and the Likes filter does not.
    const kind = async (k: string) =>
      (await spotter.call('GET', `/api/notifications?kind=${k}`, { token: bob.token })).json()
        .notifications as Notification[];
    expect((await kind('boost')).map((n) => n.type)).toEqual(['boost']);
    expect((await kind('like')).filter((n) => n.type === 'boost')).toEqual([]);
  }, 30_000);

  it("goes with the booster's Undo(Announce), as an unlike's entry does", async () => {
    const undo = (as: string) =>
      new Undo({
        id: new URL(`${peer.origin}/undos/announce-m1-by-${as}`),
        actor: peer.actorUri(as),
        object: announce('m1', 'mallory', postId),
      });
    // Only the booster may take it back.
    await send(undo('peer'));
    await settled();
    expect(await boostsOf(bob)).toHaveLength(1);
    await send(undo('mallory'), 'mallory');
    expect(await eventually(async () => (await boostsOf(bob)).length === 0, 15_000)).toBe(true);
  }, 30_000);

  it('tells nothing of a boost by someone the author mutes (a block: the same rule, who-is-told.test.ts), nor of a followers-only post', async () => {
    const blocked = await spotter.db.kysely
      .selectFrom('users')
      .select('public_id')
      .where('actor_uri', '=', peer.actorUri('mallory').href)
      .executeTakeFirstOrThrow();
    expect((await spotter.call('POST', `/api/users/mute/${blocked.public_id}`, { token: bob.token })).statusCode).toBe(
      200,
    );
    await send(announce('m2', 'mallory', postId), 'mallory');
    const hidden = await newPost(bob, 'Only my followers', 'followers');
    await send(announce('p1', 'peer', hidden));
    await settled();
    expect(await boostsOf(bob)).toEqual([]);
    // Another booster still tells (the rule is per booster).
    await send(announce('p2', 'peer', postId));
    expect(await eventually(async () => (await boostsOf(bob)).length === 1, 15_000)).toBe(true);
    expect((await boostsOf(bob))[0]?.actors.map((a) => a.username)).toEqual([handle('peer')]);
  }, 30_000);
});

describe("an erased person's actor", () => {
  const asActivityPub = { accept: 'application/activity+json' };
  const get = (path: string) => fetch(`${origin}${path}`, { headers: asActivityPub, redirect: 'manual' });

  const webfinger = (name: string) =>
    fetch(`${origin}/.well-known/webfinger?resource=${encodeURIComponent(`acct:${name}@${new URL(origin).host}`)}`);

  it('answers 410 Gone with a Tombstone, and their profile URL and WebFinger 410 too; an id or name never used stays as before', async () => {
    const carol = await spotter.signup('carol');
    expect((await get(`/ap/users/${carol.userId}`)).status).toBe(200);
    expect((await get('/profilepage/carol')).status).toBe(303);
    expect((await webfinger('carol')).status).toBe(200);
    const erased = await spotter.call('POST', '/api/users/me/delete', {
      token: carol.token,
      body: { password: 'correct horse battery' },
    });
    expect(erased.statusCode, erased.body).toBeLessThan(300);

    const actor = await get(`/ap/users/${carol.userId}`);
    expect(actor.status).toBe(410);
    const tombstone = await actor.json();
    expect(tombstone).toMatchObject({
      type: 'Tombstone',
      id: `${origin}/ap/users/${carol.userId}`,
      formerType: 'as:Person',
    });
    const profile = await get('/profilepage/carol');
    expect(profile.status).toBe(410);
    expect(await profile.json()).toEqual({ errors: ['This account has been deleted.'] });
    // WebFinger says gone too, as Mastodon does for a deleted account, so other servers drop the name.
    const finger = await webfinger('Carol');
    expect(finger.status).toBe(410);
    expect(await finger.json()).toEqual({ errors: ['This account has been deleted.'] });
    // Nothing of her is kept in clear (account.test.ts walks every column for her public id).
    const kept = await spotter.db.kysely.selectFrom('erased_actors').selectAll().execute();
    expect(JSON.stringify(kept)).not.toContain(carol.userId);
    expect(JSON.stringify(kept)).not.toContain('carol');

    // Someone who never existed: 404 as before, not 410.
    expect((await get('/ap/users/8a9d1425-c5e7-4a55-ab33-3fe4b928cbdc')).status).toBe(404);
    expect((await get('/profilepage/nobody_here')).status).not.toBe(410);
    expect((await webfinger('nobody_here')).status).toBe(404);

    // Her username is free: whoever takes it has a live profile URL again.
    const newCarol = await spotter.signup('carol');
    const again = await get('/profilepage/carol');
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(`${origin}/ap/users/${newCarol.userId}`);
    expect((await webfinger('carol')).status).toBe(200);
    expect((await get(`/ap/users/${carol.userId}`)).status).toBe(410);
  }, 30_000);
});
