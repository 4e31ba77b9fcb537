import { signRequest } from '@fedify/fedify';
import { Create, Follow, Note, type Person, PUBLIC_COLLECTION } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin-cli';
import type { Peer } from './helpers/activitypub-peer';
import { eventually } from './helpers/eventually';
import {
  type FederatedTestApp,
  federationQueueEmpty,
  peerContext,
  peerHandle,
  startFederatedTestApp,
} from './helpers/federated-test-app';
import type { TestApp, Person as TestPerson } from './helpers/test-app';

/**
 * Running a federating server (issue 49, decision 096), against a peer written with Fedify alone
 * that refuses unsigned GETs of its actors ("authorized fetch"): Spotter signs what it fetches,
 * holds follows of a locked account for approval, sends one delivery per server, marks follows
 * failing when a delivery is dropped after 7 days, limits each remote host's deliveries, and
 * blocks a domain: its deliveries answer 403 and every follow with its people ends.
 */
const spotterHost = '127.0.0.4';
const peerHost = '127.0.0.5';
const inboxLimit = 25;
let spotter: TestApp;
let federated: FederatedTestApp;
let origin: string;
let peer: Peer;
let alice: TestPerson;
let bob: TestPerson;
let alicePerson: Person;
let bobPerson: Person;

const followersOf = async (who: TestPerson) =>
  JSON.stringify((await spotter.call('GET', `/api/users/${who.username}/followers`, { token: who.token })).json());

function follow(name: string, n: number, object: Person) {
  return new Follow({
    id: new URL(`${peer.origin}/follows/${name}/${n}`),
    actor: peer.actorUri(name),
    object: object.id,
  });
}

beforeAll(async () => {
  federated = await startFederatedTestApp({
    host: spotterHost,
    peerHost: peerHost,
    peer: { signedFetchOnly: true },
    federation: { inboxLimitPerHostPerMinute: inboxLimit },
  });
  ({ spotter, origin, peer } = federated);
  alice = { ...(await spotter.signup('alice')), username: 'alice' };
  bob = { ...(await spotter.signup('bob')), username: 'bob' };
  await runAdminCommand(spotter.db, spotter.config, ['grant', 'alice']);
  alicePerson = (await peerContext(peer).lookupObject(`${origin}/profilepage/alice`)) as Person;
}, 60_000);

afterAll(async () => {
  await federated?.close();
});

describe('a peer that refuses unsigned GETs (authorized fetch)', () => {
  it('is fetched with signed GETs: its follows through the shared inbox are verified and accepted', async () => {
    // The peer does refuse an unsigned GET of its actor.
    const unsigned = await fetch(peer.actorUri('peer'), { headers: { accept: 'application/activity+json' } });
    expect(unsigned.status).toBe(401);
    for (const name of ['peer', 'mallory']) {
      await peerContext(peer).sendActivity({ identifier: name }, alicePerson, follow(name, 1, alicePerson), {
        preferSharedInbox: true,
      });
    }
    expect(await eventually(() => peer.accepts.length === 2, 15_000)).toBe(true);
    const followers = await followersOf(alice);
    expect(followers).toContain(peerHandle(peer, 'peer'));
    expect(followers).toContain(peerHandle(peer, 'mallory'));
  }, 30_000);

  it('gets one delivery of a post for its two followers, through its shared inbox', async () => {
    const posted = await spotter.call('POST', '/api/posts', {
      token: alice.token,
      body: { postData: { content: 'Squats 5 × 5', visibility: 'public' } },
    });
    expect(posted.statusCode).toBe(201);
    expect(await eventually(() => peer.notes.length > 0, 15_000)).toBe(true);
    expect(await eventually(() => federationQueueEmpty(spotter), 10_000)).toBe(true);
    expect(peer.notes).toHaveLength(1);
  }, 30_000);
});

describe('a locked account', () => {
  it('holds a follow as a request until approved (Accept) or rejected (Reject)', async () => {
    const locked = await spotter.call('POST', '/api/users/me/settings', {
      token: bob.token,
      body: { settings: { lockedAccount: true } },
    });
    expect(locked.json().settings.lockedAccount).toBe(true);
    bobPerson = (await peerContext(peer).lookupObject(`${origin}/profilepage/bob`)) as Person;
    expect(bobPerson.manuallyApprovesFollowers).toBe(true);
    const accepted = peer.accepts.length;

    for (const name of ['peer', 'mallory']) {
      await peerContext(peer).sendActivity({ identifier: name }, bobPerson, follow(name, 2, bobPerson));
    }
    const requests = async () =>
      (await spotter.call('GET', '/api/users/me/follow-requests', { token: bob.token })).json().requests as {
        user: { _id: string; username: string };
      }[];
    expect(await eventually(async () => (await requests()).length === 2, 15_000)).toBe(true);
    // Nothing is followed, nor answered, yet.
    expect(await followersOf(bob)).not.toContain(new URL(peer.origin).host);
    expect(peer.accepts).toHaveLength(accepted);

    const [first, second] = await requests();
    const byName = (name: string) => [first, second].find((r) => r?.user.username.startsWith(`${name}@`))?.user._id;
    const reject = await spotter.call('POST', `/api/users/me/follow-requests/${byName('peer')}/reject`, {
      token: bob.token,
    });
    expect(reject.json()).toEqual({ userId: byName('peer'), approved: false });
    expect(await eventually(() => peer.rejects.length === 1, 15_000)).toBe(true);
    expect(peer.rejects[0]?.actorId?.href).toBe(bobPerson.id?.href);
    // It names the Follow it answers, as Mastodon expects.
    expect(peer.rejects[0]?.objectId?.href).toBe(`${peer.origin}/follows/peer/2`);

    const approve = await spotter.call('POST', `/api/users/me/follow-requests/${byName('mallory')}/approve`, {
      token: bob.token,
    });
    expect(approve.statusCode).toBe(200);
    expect(await eventually(() => peer.accepts.length === accepted + 1, 15_000)).toBe(true);
    const followers = await followersOf(bob);
    expect(followers).toContain('mallory@');
    expect(followers).not.toContain('"peer@');
    expect(await requests()).toEqual([]);
    // Answered once: a second answer finds no request.
    const again = await spotter.call('POST', `/api/users/me/follow-requests/${byName('peer')}/approve`, {
      token: bob.token,
    });
    expect(again.statusCode).toBe(404);
  }, 40_000);
});

describe('a delivery that gives up', () => {
  it('drops a delivery still failing after 7 days and marks the follows it served failing, for moderators to see', async () => {
    // A delivery to the peer's shared inbox first queued 8 days ago, as Fedify queues one, now due again.
    const started = new Date(Date.now() - 8 * 24 * 3_600_000).toISOString();
    await spotter.db.kysely
      .insertInto('federation_messages')
      .values({
        message: JSON.stringify({
          type: 'outbox',
          inbox: `${peer.origin}/inbox`,
          started,
          attempt: 20,
          actorIds: [alicePerson.id?.href],
          activity: {},
          keys: [],
        }),
        ordering_key: null,
        deliver_at: Date.now(),
        taken_at: null,
      })
      .execute();
    const failing = async () =>
      (await spotter.call('GET', '/api/admin/blocked-domains', { token: alice.token })).json().failing;
    expect(await eventually(async () => (await failing()).length > 0, 15_000)).toBe(true);
    expect(await failing()).toEqual([{ host: peerHost, follows: 2, since: expect.any(String) }]);
    // Only alice's follows were served by it; bob's follower is not failing.
    expect(await eventually(() => federationQueueEmpty(spotter), 10_000)).toBe(true);
    const members = await spotter.call('GET', '/api/admin/blocked-domains', { token: bob.token });
    expect(members.statusCode).toBe(403);
  }, 30_000);
});

describe('per-host inbox limits', () => {
  it(`answers 429 with Retry-After past ${inboxLimit} deliveries a minute from one host, counted per host`, async () => {
    const inbox = `${origin}/ap/inbox`;
    const from = (host: string, n: number) =>
      fetch(inbox, {
        method: 'POST',
        headers: { 'content-type': 'application/activity+json' },
        body: JSON.stringify({
          '@context': 'https://www.w3.org/ns/activitystreams',
          id: `https://${host}/activities/${n}`,
          type: 'Like',
          actor: `https://${host}/users/x`,
          object: `${origin}/ap/posts/none`,
        }),
      });
    for (let n = 0; n < inboxLimit; n += 1) expect((await from('flood.example', n)).status).toBe(401);
    const limited = await from('flood.example', inboxLimit);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another host is counted on its own.
    expect((await from('calm.example', 0)).status).toBe(401);
  }, 30_000);
});

describe('the instance block list', () => {
  it('blocks a domain: follows end both ways, its deliveries answer 403 and change nothing', async () => {
    const bad = await spotter.call('POST', '/api/admin/blocked-domains', {
      token: alice.token,
      body: { domain: 'https://nope', reason: '' },
    });
    expect(bad.statusCode).toBe(400);
    const member = await spotter.call('POST', '/api/admin/blocked-domains', {
      token: bob.token,
      body: { domain: peerHost, reason: 'spam' },
    });
    expect(member.statusCode).toBe(403);

    const blocked = await spotter.call('POST', '/api/admin/blocked-domains', {
      token: alice.token,
      body: { domain: peerHost, reason: 'spam' },
    });
    expect(blocked.statusCode).toBe(201);
    // peer and mallory followed alice; mallory followed bob.
    expect(blocked.json()).toEqual({
      domain: { domain: peerHost, reason: 'spam', createdAt: expect.any(String) },
      endedFollows: 3,
    });
    expect(await followersOf(alice)).not.toContain(peerHost);
    expect(await followersOf(bob)).not.toContain(peerHost);
    expect(await runAdminCommand(spotter.db, spotter.config, ['blocked-domains'])).toContain(`${peerHost}  `);

    // Its people are not looked up (the server is not even asked).
    const lookup = await spotter.call(
      'GET',
      `/api/users/lookup?acct=${encodeURIComponent(peerHandle(peer, 'mallory'))}`,
      {
        token: bob.token,
      },
    );
    expect(lookup.statusCode).toBe(404);

    // A signed delivery from the blocked server: 403, and no post.
    const before = (await spotter.call('GET', '/api/posts')).body;
    const create = new Create({
      id: new URL(`${peer.origin}/notes/9#create`),
      actor: peer.actorUri('peer'),
      object: new Note({
        id: new URL(`${peer.origin}/notes/9`),
        attribution: peer.actorUri('peer'),
        content: 'from a blocked server',
        tos: [PUBLIC_COLLECTION],
      }),
      tos: [PUBLIC_COLLECTION],
    });
    const { keyId, privateKey } = await peer.peerKey();
    const body = JSON.stringify(await create.toJsonLd({ contextLoader: peerContext(peer).contextLoader }));
    const request = new Request(`${origin}/ap/inbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json' },
      body,
    });
    const signed = await signRequest(request, privateKey, keyId, { spec: 'draft-cavage-http-signatures-12' });
    expect((await fetch(signed)).status).toBe(403);
    expect((await spotter.call('GET', '/api/posts')).body).toBe(before);

    const unblocked = await spotter.call('DELETE', `/api/admin/blocked-domains/${peerHost}`, { token: alice.token });
    expect(unblocked.json()).toEqual({ domain: peerHost });
    const list = await spotter.call('GET', '/api/admin/blocked-domains', { token: alice.token });
    expect(list.json().domains).toEqual([]);
    const twice = await spotter.call('DELETE', `/api/admin/blocked-domains/${peerHost}`, { token: alice.token });
    expect(twice.statusCode).toBe(404);

    // The operator's command line manages the same list.
    const admin = (...args: string[]) => runAdminCommand(spotter.db, spotter.config, args);
    await expect(admin('block-domain', 'https://nope/')).rejects.toThrow(/host name/);
    expect(await admin('block-domain', 'Bots.Example', 'spam', 'wave')).toBe(
      'bots.example is blocked (0 follows ended).',
    );
    const listed = await spotter.call('GET', '/api/admin/blocked-domains', { token: alice.token });
    expect(listed.json().domains).toEqual([
      { domain: 'bots.example', reason: 'spam wave', createdAt: expect.any(String) },
    ]);
    expect(await admin('unblock-domain', 'bots.example')).toBe('bots.example is no longer blocked.');
  }, 30_000);
});
