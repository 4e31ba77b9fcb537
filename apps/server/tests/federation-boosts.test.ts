import { signRequest } from '@fedify/fedify';
import { type Activity, Announce, Note, type Person, PUBLIC_COLLECTION, Undo } from '@fedify/vocab';
import type { CardPost } from '@spotter/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Peer } from './helpers/activitypub-peer';
import { eventually } from './helpers/eventually';
import {
  type FederatedTestApp,
  newPost,
  peerContext,
  peerFollows,
  peerHandle,
  settled,
  startFederatedTestApp,
} from './helpers/federated-test-app';
import type { TestApp, Person as TestPerson } from './helpers/test-app';

/**
 * Boosts (issue 49; decision 100): a remote person's `Announce` of a Note, from a minimal ActivityPub
 * server written with Fedify alone (helpers/activitypub-peer.ts), puts the post in the Home feed of
 * those here who follow the booster, once, with `boostedBy`; its Undo takes it out. Both engines: the
 * Home feed's statements read the boost entries.
 */
const spotterHost = '127.0.0.2';
let spotter: TestApp;
let federated: FederatedTestApp;
let origin: string;
let peer: Peer;
/** alice follows `peer` and `mallory`; carol follows `peer`; dan follows nobody. bob writes posts. */
let alice: TestPerson;
let bob: TestPerson;
let carol: TestPerson;
let dan: TestPerson;
let alicePerson: Person;
let peerId: string;

/** Sends an activity to alice's inbox, signed by the peer's actor `as`. */
const send = (activity: Activity, as = 'peer') =>
  peerContext(peer).sendActivity({ identifier: as }, alicePerson, activity);

const homeOf = async (who: TestPerson, query = 'limit=50') => {
  const res = await spotter.call('GET', `/api/feed?${query}`, { token: who.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { posts: CardPost[]; nextCursor: string | null };
};
/** Each Home post as `content (boosted by …)`, newest first. */
const home = async (who: TestPerson) =>
  (await homeOf(who)).posts.map((p) => (p.boostedBy ? `${p.content} (boosted by ${p.boostedBy.username})` : p.content));

/** Follows the peer's actor `name`, stored here once its Follow of alice came (lookups go over https). */
const follow = async (who: TestPerson, name: string) => {
  const row = await spotter.db.kysely
    .selectFrom('users')
    .select('public_id')
    .where('actor_uri', '=', peer.actorUri(name).href)
    .executeTakeFirstOrThrow();
  const res = await spotter.call('POST', `/api/users/follow/${row.public_id}`, { token: who.token });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return row.public_id;
};

const remoteNote = (n: number, content: string, by = 'mallory') =>
  new Note({
    id: new URL(`${peer.origin}/notes/boosted-${n}`),
    attribution: peer.actorUri(by),
    content,
    tos: [PUBLIC_COLLECTION],
  });
const announce = (id: string, by: string, object: Note | URL) =>
  new Announce({
    id: new URL(`${peer.origin}/announces/${id}`),
    actor: peer.actorUri(by),
    object,
    tos: [PUBLIC_COLLECTION],
  });

beforeAll(async () => {
  federated = await startFederatedTestApp({ host: spotterHost, peerHost: '127.0.0.3' });
  ({ spotter, origin, peer } = federated);
  alice = { ...(await spotter.signup('alice')), username: 'alice' };
  bob = { ...(await spotter.signup('bob')), username: 'bob' };
  carol = { ...(await spotter.signup('carol')), username: 'carol' };
  dan = { ...(await spotter.signup('dan')), username: 'dan' };
  ({ person: alicePerson } = await peerFollows(federated, 'alice', 'peer', 'peer'));
  await peerFollows(federated, 'alice', 'mallory', 'mallory');
  peerId = await follow(alice, 'peer');
  await follow(alice, 'mallory');
  await follow(carol, 'peer');
}, 120_000);

afterAll(async () => {
  await federated?.close();
});

describe('an Announce of a remote Note', () => {
  it("puts it in the Home of the booster's followers, with boostedBy, and in no one else's", async () => {
    await send(announce('1', 'peer', remoteNote(1, '<p>Front squat 5 × 3</p>')));
    // The boosted Note is stored first and reaches alice (mallory's follower) as mallory's post; the
    // boost comes a statement later: wait for it, not for the first card.
    expect(await eventually(async () => (await homeOf(alice)).posts[0]?.boostedBy !== undefined, 15_000)).toBe(true);
    const [card] = (await homeOf(alice)).posts;
    expect(card?.content).toBe('Front squat 5 × 3');
    expect(card?.author.username).toBe(peerHandle(peer, 'mallory'));
    expect(card?.boostedBy).toEqual({
      _id: peerId,
      username: peerHandle(peer, 'peer'),
      firstname: 'The',
      lastname: 'peer',
      avatarUrl: '',
      remote: true,
    });
    expect(await home(carol)).toEqual([`Front squat 5 × 3 (boosted by ${peerHandle(peer, 'peer')})`]);
    expect(await home(dan)).toEqual([]);
    // The post is kept as its author's, as a Create would have made it.
    const byAuthor = await spotter.call('GET', `/api/posts/user/${encodeURIComponent(peerHandle(peer, 'mallory'))}`, {
      token: dan.token,
    });
    expect(byAuthor.json().posts.map((p: CardPost) => p.content)).toEqual(['Front squat 5 × 3']);
  }, 30_000);

  it('shows a post boosted by two followed people once, with the latest booster', async () => {
    await send(announce('2', 'mallory', remoteNote(1, '<p>Front squat 5 × 3</p>')), 'mallory');
    expect(
      await eventually(
        async () => (await homeOf(alice)).posts[0]?.boostedBy?.username === peerHandle(peer, 'mallory'),
        15_000,
      ),
    ).toBe(true);
    expect(await home(alice)).toEqual([`Front squat 5 × 3 (boosted by ${peerHandle(peer, 'mallory')})`]);
    // carol does not follow mallory: her entry stays peer's.
    expect(await home(carol)).toEqual([`Front squat 5 × 3 (boosted by ${peerHandle(peer, 'peer')})`]);
  }, 30_000);

  it("takes back only the undoing booster's entry, and keeps the post", async () => {
    const postId = (await homeOf(alice)).posts[0]?._id ?? '';
    await send(
      new Undo({
        id: new URL(`${peer.origin}/announces/2#undo`),
        actor: peer.actorUri('mallory'),
        object: announce('2', 'mallory', remoteNote(1, '')),
      }),
      'mallory',
    );
    expect(
      await eventually(
        async () => (await homeOf(alice)).posts[0]?.boostedBy?.username === peerHandle(peer, 'peer'),
        15_000,
      ),
    ).toBe(true);
    expect(await home(carol)).toEqual([`Front squat 5 × 3 (boosted by ${peerHandle(peer, 'peer')})`]);
    await send(
      new Undo({
        id: new URL(`${peer.origin}/announces/1#undo`),
        actor: peer.actorUri('peer'),
        object: announce('1', 'peer', remoteNote(1, '')),
      }),
    );
    expect(await eventually(async () => (await home(carol)).length === 0, 15_000)).toBe(true);
    // alice follows its author, mallory: it stays in her Home as mallory's post, at its own time.
    expect(await home(alice)).toEqual(['Front squat 5 × 3']);
    expect((await spotter.call('GET', `/api/posts/${postId}`, { token: alice.token })).statusCode).toBe(200);
  }, 30_000);

  it('takes no Undo from someone else than the booster', async () => {
    await send(announce('3', 'peer', remoteNote(3, '<p>Snatch singles</p>')));
    expect(await eventually(async () => (await home(carol)).length === 1, 15_000)).toBe(true);
    await send(
      new Undo({
        id: new URL(`${peer.origin}/announces/3#undo-forged`),
        actor: peer.actorUri('mallory'),
        object: announce('3', 'peer', remoteNote(3, '')),
      }),
      'mallory',
    );
    await settled(spotter);
    expect(await home(carol)).toEqual([`Snatch singles (boosted by ${peerHandle(peer, 'peer')})`]);
  }, 30_000);

  it('refuses an unsigned Announce, which changes nothing', async () => {
    const before = await home(dan);
    const beforeCarol = await home(carol);
    const body = JSON.stringify(
      await announce('unsigned', 'peer', remoteNote(4, '<p>Unsigned</p>')).toJsonLd({
        contextLoader: peerContext(peer).contextLoader,
      }),
    );
    const unsigned = await fetch(`${origin}/ap/inbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json' },
      body,
    });
    expect(unsigned.status).toBe(401);
    // Signed with the peer's key in mallory's name: refused too.
    const { keyId, privateKey } = await peer.peerKey();
    const forged = await signRequest(
      new Request(`${origin}/ap/inbox`, {
        method: 'POST',
        headers: { 'content-type': 'application/activity+json' },
        body: body.replaceAll(peer.actorUri('peer').href, peer.actorUri('mallory').href),
      }),
      privateKey,
      keyId,
      { spec: 'draft-cavage-http-signatures-12' },
    );
    expect((await fetch(forged)).status).toBe(401);
    expect(await home(carol)).toEqual(beforeCarol);
    expect(await home(dan)).toEqual(before);
  }, 30_000);

  it('takes nothing from someone nobody here follows, not even their profile', async () => {
    const beforeCarol = await home(carol);
    await send(announce('by-stranger', 'stranger', remoteNote(5, '<p>Boosted by a stranger</p>')), 'stranger');
    await settled(spotter);
    const stored = await spotter.db.kysely
      .selectFrom('users')
      .select('id')
      .where('actor_uri', '=', peer.actorUri('stranger').href)
      .execute();
    expect(stored).toEqual([]);
    const posts = await spotter.db.kysely
      .selectFrom('posts')
      .select('id')
      .where('content', 'like', '%Boosted by a stranger%')
      .execute();
    expect(posts).toEqual([]);
    expect(await home(carol)).toEqual(beforeCarol);
  }, 30_000);
});

describe('an Announce of a post here', () => {
  it('puts a public post in Home at the time of the boost, and not a followers-only one', async () => {
    const bobsId = await newPost(spotter, bob, 'Bench 100 kg');
    const hidden = await newPost(spotter, bob, 'Only for my followers', 'followers');
    await newPost(spotter, carol, 'My own squats');
    await send(announce('4', 'peer', new URL(`${origin}/ap/posts/${hidden}`)));
    await send(announce('5', 'peer', new URL(`${origin}/ap/posts/${bobsId}`)));
    expect(await eventually(async () => (await home(carol))[0]?.startsWith('Bench') === true, 15_000)).toBe(true);
    await settled(spotter);
    // Newest first by the boost's time: bob's post, older than carol's own, comes first.
    expect(await home(carol)).toEqual([
      `Bench 100 kg (boosted by ${peerHandle(peer, 'peer')})`,
      'My own squats',
      `Snatch singles (boosted by ${peerHandle(peer, 'peer')})`,
    ]);
    // Paged one at a time, the cursor continues after each entry at its own time.
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await homeOf(carol, `limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      paged.push(...page.posts.map((p) => p.content));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(['Bench 100 kg', 'My own squats', 'Snatch singles']);
    expect(await home(dan)).toEqual([]);
  }, 30_000);

  it('answers the Mastodon client API with a reblog: the booster as account, the post as reblog', async () => {
    // The client API takes a session token as Spotter's own (decision 082).
    const res = await spotter.call('GET', '/api/v1/timelines/home?limit=1', { token: carol.token });
    expect(res.statusCode, res.body).toBe(200);
    const [status] = res.json();
    expect(status.account.acct).toBe(peerHandle(peer, 'peer'));
    expect(status.reblog.account.username).toBe('bob');
    expect(status.reblog.content).toBe('<p>Bench 100 kg</p>');
    expect(status.content).toBe('');
  }, 30_000);

  it('hides a boost by someone the viewer blocks', async () => {
    expect((await spotter.call('POST', `/api/users/block/${peerId}`, { token: carol.token })).statusCode).toBeLessThan(
      300,
    );
    expect(await home(carol)).toEqual(['My own squats']);
  }, 30_000);
});

describe('an unfollow of a booster', () => {
  it("takes their boosts out of the follower's Home, keeping a post by an author still followed as theirs", async () => {
    const before = await home(alice);
    expect(before).toContain(`Snatch singles (boosted by ${peerHandle(peer, 'peer')})`);
    expect(
      (await spotter.call('POST', `/api/users/unfollow/${peerId}`, { token: alice.token })).statusCode,
    ).toBeLessThan(300);
    const after = await home(alice);
    // mallory wrote it, and alice follows mallory; bob's post came by peer's boost alone.
    expect(after).toContain('Snatch singles');
    expect(after.filter((line) => line.includes('boosted by'))).toEqual([]);
    expect(after.some((line) => line.startsWith('Bench 100 kg'))).toBe(false);
  }, 30_000);
});
