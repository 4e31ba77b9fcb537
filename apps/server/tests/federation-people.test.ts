import { type Activity, Block, Delete, type Follow, Mention, type Note, Undo } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Peer } from './helpers/activitypub-peer';
import { eventually } from './helpers/eventually';
import {
  type FederatedTestApp,
  newPost,
  peerContext,
  peerFollows,
  peerHandle,
  profileOf,
  startFederatedTestApp,
} from './helpers/federated-test-app';
import type { TestApp, Person as TestPerson } from './helpers/test-app';

/**
 * What a local person does to people on other servers (issue 49, the person-level lines): mentions of
 * `@name@host` sent to the mentioned even when they do not follow, seen from a minimal ActivityPub
 * server written with Fedify alone (helpers/activitypub-peer.ts). Nobody on the peer follows anyone.
 */
const spotterHost = '127.0.0.2';
let spotter: TestApp;
let federated: FederatedTestApp;
let origin: string;
let peer: Peer;
let alice: TestPerson;

const peerHost = () => new URL(peer.origin).host;

async function tagsOf(note: Note) {
  const tags = [];
  for await (const tag of note.getTags()) tags.push(tag);
  return tags;
}

/** `who` posts `content`; answers the post as they then see it. */
const posted = async (who: TestPerson, content: string) => {
  const postId = await newPost(spotter, who, content);
  return (await spotter.call('GET', `/api/posts/${postId}`, { token: who.token })).json().post as {
    _id: string;
    content: string;
  };
};

/** The Note of the post `postId` once the peer has it. */
async function noteReceived(postId: string): Promise<Note | undefined> {
  const noteId = `${origin}/ap/posts/${postId}`;
  await eventually(() => peer.notes.some((n) => n.id?.href === noteId), 15_000);
  return peer.notes.find((n) => n.id?.href === noteId);
}

beforeAll(async () => {
  federated = await startFederatedTestApp({ host: spotterHost, peerHost: '127.0.0.3' });
  ({ spotter, origin, peer } = federated);
  alice = { ...(await spotter.signup('alice')), username: 'alice' };
  // The peer's `peer` becomes known here as someone who followed alice and stopped: known, not a
  // follower. (A lookup by `acct:` goes over https, which this plain-HTTP peer does not answer; the
  // two-server tests look up through TLS.)
  const { person: alicePerson, follow } = await peerFollows(federated, 'alice', '1');
  await peerContext(peer).sendActivity(
    { identifier: 'peer' },
    alicePerson,
    new Undo({ id: new URL(`${peer.origin}/undos/1`), actor: peer.actorUri('peer'), object: follow }),
  );
  const followers = async () =>
    (await spotter.call('GET', '/api/users/profile/alice', { token: alice.token })).json().profile;
  if (!(await eventually(async () => (await followers()).followerCount === 0, 15_000)))
    throw new Error(`the follow was not undone: ${JSON.stringify(await followers())}`);
}, 120_000);

afterAll(async () => {
  await federated?.close();
});

describe('mentioning a person on another server', () => {
  it('names someone known from there in a Mention tag and sends them the Note though they do not follow', async () => {
    const handle = peerHandle(peer);
    const post = await posted(alice, `Spot me @${handle} and @nobody@${peerHost()}`);
    // The post's answer keeps the text: the web app links `@peer@host` to their profile here.
    expect(post.content).toBe(`Spot me @${handle} and @nobody@${peerHost()}`);
    const profile = await spotter.call('GET', `/api/users/profile/${encodeURIComponent(handle)}`, {
      token: alice.token,
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().profile).toMatchObject({ username: handle });

    const note = await noteReceived(post._id);
    expect(note, 'the peer was sent the Note').toBeDefined();
    const mentions = (await tagsOf(note as Note)).filter((t) => t instanceof Mention);
    // Someone the peer does not have (WebFinger finds nobody) stays text: no tag for them.
    expect(mentions.map((t) => [t.href?.href, String(t.name)])).toEqual([[peer.actorUri('peer').href, `@${handle}`]]);
    expect(note?.ccIds.map((u) => u.href)).toContain(peer.actorUri('peer').href);
    expect(String(note?.content)).toContain('class="u-url mention">@<span>peer</span></a>');
    expect(String(note?.content)).toContain(`@nobody@${peerHost()}`);
    // Signed by alice, verified by the peer's Fedify before it was recorded.
    expect(peer.signatures.at(-1)).toBe(`${origin}/ap/users/${alice.userId}#main-key`);
  }, 30_000);

  it('sends a comment that mentions them to them too, with its Mention tag', async () => {
    const post = await posted(alice, 'Leg day');
    const handle = peerHandle(peer);
    const res = await spotter.call('POST', `/api/posts/${post._id}/comments`, {
      token: alice.token,
      body: { commentData: { content: `@${handle} your turn` } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const commentNote = async () => peer.notes.find((n) => n.replyTargetId?.href === `${origin}/ap/posts/${post._id}`);
    expect(await eventually(async () => (await commentNote()) !== undefined, 15_000)).toBe(true);
    const mentions = (await tagsOf((await commentNote()) as Note)).filter((t) => t instanceof Mention);
    expect(mentions.map((t) => t.href?.href)).toEqual([peer.actorUri('peer').href]);
  }, 30_000);

  it('sends nothing to anyone for a text that mentions no one there', async () => {
    const before = peer.activities.length;
    const post = await posted(alice, 'mail me at alice@example.com');
    // A second post with a mention arrives; the first, before it, never did.
    const marker = await posted(alice, `@peer@${peerHost()} done`);
    expect(await noteReceived(marker._id)).toBeDefined();
    const sent = peer.activities.slice(before) as Activity[];
    expect(sent.map((a) => a.objectId?.href)).not.toContain(`${origin}/ap/posts/${post._id}`);
  }, 30_000);
});

describe('erasing a local person', () => {
  it("sends their followers' servers a Delete(Person) signed with their key, which verifies there", async () => {
    const carol = { ...(await spotter.signup('carol')), username: 'carol' };
    await peerFollows(federated, 'carol', 'carol');
    const res = await spotter.call('POST', '/api/users/me/delete', {
      token: carol.token,
      body: { password: 'correct horse battery' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const carolActor = `${origin}/ap/users/${carol.userId}`;
    const deletes = () =>
      peer.activities.filter((a): a is Delete => a instanceof Delete && a.actorId?.href === carolActor);
    // The peer's Fedify recorded it only once the signature verified (with the key it kept from the Accept).
    expect(await eventually(() => deletes().length === 1, 15_000)).toBe(true);
    expect(deletes()[0]?.objectId?.href).toBe(carolActor);
    expect(peer.signatures).toContain(`${carolActor}#main-key`);
    // She is gone here: her actor is not found any more.
    expect((await spotter.call('GET', '/api/users/profile/carol', { token: alice.token })).statusCode).toBe(404);
  }, 40_000);
});

describe('blocking someone on another server', () => {
  let peerId: string;

  it('sends Undo of our Follow and a Block, and ends the follows both ways here', async () => {
    const handle = peerHandle(peer);
    peerId = (await profileOf(spotter, alice, handle))._id;
    // alice follows peer (a Follow goes out) and peer follows alice.
    const followed = await spotter.call('POST', `/api/users/follow/${peerId}`, { token: alice.token });
    expect(followed.statusCode, followed.body).toBe(200);
    expect(await eventually(() => peer.follows.length > 0, 15_000)).toBe(true);
    const ourFollow = peer.follows.at(-1) as Follow;
    await peerFollows(federated, 'alice', 'before-block');
    expect(await profileOf(spotter, alice, 'alice')).toMatchObject({ followerCount: 1, followingCount: 1 });

    const blocked = await spotter.call('POST', `/api/users/block/${peerId}`, { token: alice.token });
    expect(blocked.statusCode, blocked.body).toBe(200);
    const aliceActor = `${origin}/ap/users/${alice.userId}`;
    const blocks = () => peer.activities.filter((a): a is Block => a instanceof Block);
    expect(await eventually(() => blocks().length === 1, 15_000)).toBe(true);
    expect([blocks()[0]?.actorId?.href, blocks()[0]?.objectId?.href]).toEqual([aliceActor, peer.actorUri('peer').href]);
    const undo = peer.undos.find((u) => u.actorId?.href === aliceActor);
    expect(undo?.objectId?.href).toBe(ourFollow.id?.href);
    expect(await profileOf(spotter, alice, 'alice')).toMatchObject({ followerCount: 0, followingCount: 0 });
  }, 60_000);

  it('sends an Undo of that Block when the block is lifted, and nothing for a block that is not there', async () => {
    const aliceActor = `${origin}/ap/users/${alice.userId}`;
    const undoneBlocks = async () => {
      const found: Block[] = [];
      for (const undo of peer.undos.filter((u) => u.actorId?.href === aliceActor)) {
        const object = await undo.getObject();
        if (object instanceof Block) found.push(object);
      }
      return found;
    };
    const unblocked = await spotter.call('POST', `/api/users/unblock/${peerId}`, { token: alice.token });
    expect(unblocked.statusCode, unblocked.body).toBe(200);
    expect(await eventually(async () => (await undoneBlocks()).length === 1, 15_000)).toBe(true);
    const [block] = await undoneBlocks();
    expect([block?.actorId?.href, block?.objectId?.href]).toEqual([aliceActor, peer.actorUri('peer').href]);
    // Unblocking again changes nothing, so nothing more is sent: a Follow (sent after it) arrives alone.
    const again = await spotter.call('POST', `/api/users/unblock/${peerId}`, { token: alice.token });
    expect(again.statusCode, again.body).toBe(200);
    const follows = peer.follows.length;
    expect((await spotter.call('POST', `/api/users/follow/${peerId}`, { token: alice.token })).statusCode).toBe(200);
    expect(await eventually(() => peer.follows.length > follows, 15_000)).toBe(true);
    expect(await undoneBlocks()).toHaveLength(1);
  }, 60_000);
});
