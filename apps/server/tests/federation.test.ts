import { signRequest } from '@fedify/fedify';
import { Accept, Create, Follow, Note, Person, PUBLIC_COLLECTION, Reject, Undo } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Peer } from './helpers/activitypub-peer';
import { eventually } from './helpers/eventually';
import { type FederatedTestApp, peerContext, peerHandle, startFederatedTestApp } from './helpers/federated-test-app';
import type { TestApp, Person as TestPerson } from './helpers/test-app';

/**
 * Federation (issue 49) between a Spotter server on 127.0.0.2 and a minimal ActivityPub server
 * written in the test with Fedify (helpers/activitypub-peer.ts) on 127.0.0.3, over real HTTP on
 * loopback: what Spotter publishes, a follow and its Accept, a public post delivered and a private
 * one not, a remote Note becoming a post, and deliveries that are not signed (or signed by someone
 * else) refused with 401 and nothing changed.
 */
const spotterHost = '127.0.0.2';
let spotter: TestApp;
let federated: FederatedTestApp;
let origin: string;
let peer: Peer;
let alice: TestPerson;
let alicePerson: Person;

beforeAll(async () => {
  federated = await startFederatedTestApp({ host: spotterHost, peerHost: '127.0.0.3', engine: 'sqlite' });
  ({ spotter, origin, peer } = federated);
  alice = { ...(await spotter.signup('alice')), username: 'alice' };
  const edited = await spotter.call('POST', '/api/users/edit', {
    token: alice.token,
    body: { userData: { bio: 'Deadlifts & <b>dogs</b>' } },
  });
  if (edited.statusCode !== 201) throw new Error(`profile edit failed: ${edited.body}`);
}, 60_000);

afterAll(async () => {
  await federated?.close();
});

describe('what a Spotter server publishes', () => {
  it('answers WebFinger, NodeInfo 2.1 and host-meta', async () => {
    const host = new URL(origin).host;
    const finger = await fetch(`${origin}/.well-known/webfinger?resource=acct:alice@${host}`);
    expect(finger.status).toBe(200);
    const jrd = (await finger.json()) as { subject: string; links: unknown[] };
    expect(jrd.subject).toBe(`acct:alice@${host}`);
    expect(jrd.links).toContainEqual(
      expect.objectContaining({
        rel: 'self',
        type: 'application/activity+json',
        href: expect.stringMatching(`^${origin}/ap/users/`),
      }),
    );
    expect((await fetch(`${origin}/.well-known/webfinger?resource=acct:nobody@${host}`)).status).toBe(404);

    const links = (await (await fetch(`${origin}/.well-known/nodeinfo`)).json()) as { links: { href: string }[] };
    const nodeinfo = (await (await fetch(links.links[0]?.href ?? '')).json()) as Record<string, unknown>;
    expect(nodeinfo.version).toBe('2.1');
    expect(nodeinfo.software).toEqual(expect.objectContaining({ name: 'spotter', version: '1.0.0' }));
    expect(nodeinfo.protocols).toEqual(['activitypub']);

    const hostMeta = await fetch(`${origin}/.well-known/host-meta`);
    expect(hostMeta.headers.get('content-type')).toContain('application/xrd+xml');
    expect(await hostMeta.text()).toContain(`template="${origin}/.well-known/webfinger?resource={uri}"`);
  });

  it('shows each person as a Person with both key pairs, found from their profile page', async () => {
    // Content negotiation: the profile page asked for as ActivityPub leads to the actor.
    const found = await peerContext(peer).lookupObject(`${origin}/profilepage/alice`);
    expect(found).toBeInstanceOf(Person);
    alicePerson = found as Person;
    expect(alicePerson.preferredUsername).toBe('alice');
    expect(String(alicePerson.summary)).toBe('<p>Deadlifts &amp; &lt;b&gt;dogs&lt;/b&gt;</p>');
    expect(alicePerson.url?.href).toBe(`${origin}/profilepage/alice`);
    for (const box of [alicePerson.inboxId, alicePerson.outboxId, alicePerson.followersId, alicePerson.followingId]) {
      expect(box?.href.startsWith(`${origin}/ap/users/${alice.userId}/`), box?.href).toBe(true);
    }
    expect(alicePerson.endpoints?.sharedInbox?.href).toBe(`${origin}/ap/inbox`);
    const rsa = await alicePerson.getPublicKey();
    expect(rsa?.publicKey?.algorithm.name).toBe('RSASSA-PKCS1-v1_5');
    const algorithms = [];
    for await (const key of alicePerson.getAssertionMethods()) algorithms.push(key.publicKey?.algorithm.name);
    expect(algorithms).toEqual(['RSASSA-PKCS1-v1_5', 'Ed25519']);

    // A browser still gets the web app's answer, as a path Fedify never sees does.
    const accept = { accept: 'application/activity+json' };
    const elsewhere = await fetch(`${origin}/no-such-page`, { headers: { accept: 'text/html' } });
    const page = await fetch(`${origin}/profilepage/alice`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(elsewhere.status);
    expect(page.headers.get('content-type')).toBe(elsewhere.headers.get('content-type'));
    // An actor Fedify does not know is a JSON 404, whether or not the web app is built: its page would
    // be a 200 of HTML to a server that asked for an actor.
    const unknownActor = await fetch(`${origin}/ap/users/00000000-0000-0000-0000-000000000000`, { headers: accept });
    expect(unknownActor.status).toBe(404);
    expect(await unknownActor.json()).toEqual({ errors: ['Not found'] });
  });
});

describe('what a Spotter server accepts and sends', () => {
  it('accepts a Follow with an Accept, and the follower appears in the follow list', async () => {
    await peerContext(peer).sendActivity(
      { identifier: 'peer' },
      alicePerson,
      new Follow({ id: new URL(`${peer.origin}/follows/1`), actor: peer.actorUri('peer'), object: alicePerson.id }),
    );
    expect(await eventually(() => peer.accepts.length > 0, 15_000)).toBe(true);
    expect(peer.accepts[0]?.actorId?.href).toBe(alicePerson.id?.href);
    const followers = await spotter.call('GET', '/api/users/alice/followers', { token: alice.token });
    expect(JSON.stringify(followers.json())).toContain(peerHandle(peer));
  }, 20_000);

  it('sends public and followers-only posts to the remote follower as Notes, and never a private one', async () => {
    const post = (content: string, visibility: string) =>
      spotter.call('POST', '/api/posts', { token: alice.token, body: { postData: { content, visibility } } });
    expect((await post('Only me: 5 × 5 at 100 kg', 'private')).statusCode).toBe(201);
    expect((await post('Deadlift 3 × 5 at 160 kg\n\nnew record', 'public')).statusCode).toBe(201);
    expect(await eventually(() => peer.notes.length > 0, 15_000)).toBe(true);
    const [note] = peer.notes;
    expect(String(note?.content)).toBe('<p>Deadlift 3 × 5 at 160 kg</p><p>new record</p>');
    expect(note?.attributionId?.href).toBe(alicePerson.id?.href);
    expect(note?.toIds.map(String)).toEqual([PUBLIC_COLLECTION.href]);
    expect(note?.ccIds.map(String)).toEqual([alicePerson.followersId?.href]);

    // Followers-only: to the followers alone, as Mastodon reads it.
    expect((await post('Squats for my people', 'followers')).statusCode).toBe(201);
    expect(await eventually(() => peer.notes.length > 1, 15_000)).toBe(true);
    const followersOnly = peer.notes[1];
    expect(String(followersOnly?.content)).toBe('<p>Squats for my people</p>');
    expect(followersOnly?.toIds.map(String)).toEqual([alicePerson.followersId?.href]);
    expect(followersOnly?.ccIds).toEqual([]);

    // The private post was made first; the queue is empty, and it never arrived.
    expect(await eventually(async () => (await queueDepth()) === 0, 10_000)).toBe(true);
    expect(peer.notes).toHaveLength(2);
  }, 30_000);

  it('takes a Note from a remote person as their post', async () => {
    const noteId = new URL(`${peer.origin}/notes/1`);
    await peerContext(peer).sendActivity(
      { identifier: 'peer' },
      alicePerson,
      new Create({
        id: new URL(`${peer.origin}/notes/1#create`),
        actor: peer.actorUri('peer'),
        object: new Note({
          id: noteId,
          attribution: peer.actorUri('peer'),
          content: '<p>Hello from <a href="https://example.com">afar</a> &amp; beyond</p>',
          tos: [PUBLIC_COLLECTION],
        }),
        tos: [PUBLIC_COLLECTION],
      }),
    );
    const remotePost = async () => {
      const posts = (await spotter.call('GET', `/api/posts/user/${encodeURIComponent(peerHandle(peer))}`)).json();
      return JSON.stringify(posts).includes('Hello from afar & beyond');
    };
    expect(await eventually(remotePost, 15_000)).toBe(true);
  }, 20_000);

  it('refuses an unsigned delivery and one signed by someone other than its actor with 401, storing nothing', async () => {
    const before = (await spotter.call('GET', '/api/posts')).body;
    const forged = (n: number, actor: string) =>
      JSON.stringify({
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${peer.origin}/forged/${n}`,
        type: 'Create',
        actor,
        to: ['https://www.w3.org/ns/activitystreams#Public'],
        object: {
          id: `${peer.origin}/forged/${n}/note`,
          type: 'Note',
          attributedTo: actor,
          content: 'forged',
          to: ['https://www.w3.org/ns/activitystreams#Public'],
        },
      });
    const inbox = alicePerson.inboxId?.href ?? '';
    const headers = { 'content-type': 'application/activity+json' };
    const unsigned = await fetch(inbox, { method: 'POST', headers, body: forged(1, peer.actorUri('peer').href) });
    expect(unsigned.status).toBe(401);

    // Signed with peer's key, but in the name of mallory.
    const { keyId, privateKey } = await peer.peerKey();
    const request = new Request(inbox, { method: 'POST', headers, body: forged(2, peer.actorUri('mallory').href) });
    const signed = await signRequest(request, privateKey, keyId, { spec: 'draft-cavage-http-signatures-12' });
    expect((await fetch(signed)).status).toBe(401);
    expect((await spotter.call('GET', '/api/posts')).body).toBe(before);
  });

  it('ends the follow on Undo(Follow)', async () => {
    const follow = new Follow({
      id: new URL(`${peer.origin}/follows/1`),
      actor: peer.actorUri('peer'),
      object: alicePerson.id,
    });
    await peerContext(peer).sendActivity(
      { identifier: 'peer' },
      alicePerson,
      new Undo({ id: new URL(`${peer.origin}/follows/1#undo`), actor: peer.actorUri('peer'), object: follow }),
    );
    const followersGone = async () =>
      !JSON.stringify(
        (await spotter.call('GET', '/api/users/alice/followers', { token: alice.token })).json(),
      ).includes(peerHandle(peer));
    expect(await eventually(followersGone, 15_000)).toBe(true);
  }, 20_000);

  it('follows the peer from Spotter: a signed Follow goes out, its Accept is kept, unfollowing sends Undo, a Reject ends a follow', async () => {
    // Known here since its Note (the peer is on http://, which WebFinger lookups do not use).
    const posts = await spotter.call('GET', `/api/posts/user/${encodeURIComponent(peerHandle(peer))}?limit=1`);
    const peerOnSpotter = posts.json().posts[0].author as { _id: string; username: string };
    expect(peerOnSpotter.username).toBe(peerHandle(peer));
    const follow = () => spotter.call('POST', `/api/users/follow/${peerOnSpotter._id}`, { token: alice.token });
    const followingCount = async () =>
      (await spotter.call('GET', '/api/users/profile/alice', { token: alice.token })).json().profile.followingCount;
    const sentFollow = () => spotter.db.kysely.selectFrom('federation_follows').selectAll().executeTakeFirst();

    expect((await follow()).statusCode).toBe(200);
    expect(await eventually(() => peer.follows.length === 1, 15_000)).toBe(true);
    const first = peer.follows[0] as Follow;
    expect(first.actorId?.href).toBe(alicePerson.id?.href);
    expect(first.objectId?.href).toBe(peer.actorUri('peer').href);
    const answer = (Kind: typeof Accept | typeof Reject, n: number, object: Follow) =>
      peerContext(peer).sendActivity(
        { identifier: 'peer' },
        alicePerson,
        new Kind({ id: new URL(`${peer.origin}/answers/${n}`), actor: peer.actorUri('peer'), object }),
      );
    await answer(Accept, 1, first);
    expect(await eventually(async () => (await sentFollow())?.accepted_at != null, 15_000)).toBe(true);

    const unfollow = await spotter.call('POST', `/api/users/unfollow/${peerOnSpotter._id}`, { token: alice.token });
    expect(unfollow.statusCode).toBe(200);
    expect(await eventually(() => peer.undos.length === 1, 15_000)).toBe(true);
    expect(peer.undos[0]?.objectId?.href).toBe(first.id?.href);

    // Followed again, refused this time: the follow ends here too.
    expect((await follow()).statusCode).toBe(200);
    expect(await followingCount()).toBe(1);
    expect(await eventually(() => peer.follows.length === 2, 15_000)).toBe(true);
    await answer(Reject, 2, peer.follows[1] as Follow);
    expect(await eventually(async () => (await followingCount()) === 0, 15_000)).toBe(true);
    expect(await sentFollow()).toBeUndefined();
  }, 60_000);
});

async function queueDepth(): Promise<number> {
  const row = await spotter.db.kysely
    .selectFrom('federation_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
