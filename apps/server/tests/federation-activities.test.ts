import { KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { generateCryptoKeyPair, signRequest } from '@fedify/fedify';
import {
  type Activity,
  Block,
  Create,
  Delete,
  Endpoints,
  Flag,
  Hashtag,
  Like,
  Mention,
  Note,
  Person,
  PUBLIC_COLLECTION,
  Tombstone,
  Undo,
  Update,
} from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin-cli';
import type { Peer } from './helpers/activitypub-peer';
import { eventually } from './helpers/eventually';
import {
  type FederatedTestApp,
  newPost,
  peerContext,
  peerFollows,
  peerHandle,
  profileOf,
  settled,
  startFederatedTestApp,
} from './helpers/federated-test-app';
import type { TestApp, Person as TestPerson } from './helpers/test-app';

/**
 * The activities between posts and people, both ways (issue 49), between a Spotter server on
 * 127.0.0.2 and a minimal ActivityPub server written with Fedify alone (helpers/activitypub-peer.ts)
 * on 127.0.0.3, over real HTTP: what a Spotter Note carries (mentions, hashtags, replies), edits,
 * deletions, likes and comments sent and taken, Block, Flag, Update and Delete of a person, what
 * unsigned or forged deliveries change (nothing), and a Mastodon 4.x Person and Note (fixtures/mastodon)
 * taken in as a remote person and their post.
 */
const spotterHost = '127.0.0.2';
let spotter: TestApp;
let federated: FederatedTestApp;
let origin: string;
let peer: Peer;
let alice: TestPerson;
let bob: TestPerson;
let alicePerson: Person;

/** Sends an activity to alice's inbox, signed by the peer's actor `as`. */
const send = (activity: Activity, as = 'peer') =>
  peerContext(peer).sendActivity({ identifier: as }, alicePerson, activity);
const noteUri = (postId: string) => `${origin}/ap/posts/${postId}`;
const received = <T>(type: new (...args: never[]) => T) =>
  peer.activities.filter((a): a is T & Activity => a instanceof type);

const postOf = async (postId: string) =>
  (await spotter.call('GET', `/api/posts/${postId}`, { token: alice.token })).json().post;
const commentsOf = async (postId: string) =>
  (await spotter.call('GET', `/api/posts/${postId}/comments`, { token: alice.token })).json().comments as {
    _id: string;
    content: string;
    author: { username: string };
  }[];
const notificationTypes = async (who: TestPerson) =>
  (
    (await spotter.call('GET', '/api/notifications', { token: who.token })).json().notifications as { type: string }[]
  ).map((n) => n.type);
const postsBy = async (username: string) => {
  const res = await spotter.call('GET', `/api/posts/user/${encodeURIComponent(username)}`, { token: alice.token });
  return res.statusCode === 200 ? (res.json().posts as { _id: string; content: string }[]) : [];
};

beforeAll(async () => {
  federated = await startFederatedTestApp({ host: spotterHost, peerHost: '127.0.0.3' });
  ({ spotter, origin, peer } = federated);
  alice = { ...(await spotter.signup('alice')), username: 'alice' };
  bob = { ...(await spotter.signup('bob')), username: 'bob' };
  ({ person: alicePerson } = await peerFollows(federated, 'alice', '1'));
}, 120_000);

afterAll(async () => {
  await federated?.close();
});

describe('a local post and what happens to it, seen from the peer', () => {
  let postId: string;

  it("sends a post's mentions and hashtags as links and tags, signed by its author", async () => {
    postId = await newPost(spotter, alice, 'Deadlift day with @bob #LegDay\n\nnew record');
    expect(await eventually(() => peer.notes.length > 0, 15_000)).toBe(true);
    const note = peer.notes[0] as Note;
    expect(note.id?.href).toBe(noteUri(postId));
    expect(String(note.content)).toBe(
      `<p>Deadlift day with <span class="h-card"><a href="${origin}/profilepage/bob" class="u-url mention">@<span>bob</span></a></span> ` +
        `<a href="${origin}/tags/legday" class="mention hashtag" rel="tag">#<span>LegDay</span></a></p><p>new record</p>`,
    );
    const tags = [];
    for await (const tag of note.getTags()) tags.push(tag);
    expect(tags.filter((t) => t instanceof Mention).map((t) => [t.href?.href, String(t.name)])).toEqual([
      [`${origin}/ap/users/${bob.userId}`, `@bob@${spotterHost}:${new URL(origin).port}`],
    ]);
    expect(tags.filter((t) => t instanceof Hashtag).map((t) => [t.href?.href, String(t.name)])).toEqual([
      [`${origin}/tags/legday`, '#legday'],
    ]);
    // The peer's Fedify took it only once the signature verified; the key is alice's own.
    expect(peer.signatures.at(-1)).toBe(`${origin}/ap/users/${alice.userId}#main-key`);
  }, 20_000);

  it('takes a reply to it as a comment, notifying its author, and its Update and Delete after', async () => {
    const replyId = new URL(`${peer.origin}/notes/reply-1`);
    const reply = (content: string) =>
      new Note({
        id: replyId,
        attribution: peer.actorUri('peer'),
        replyTarget: new URL(noteUri(postId)),
        content,
        tos: [PUBLIC_COLLECTION],
      });
    await send(
      new Create({
        id: new URL(`${replyId.href}#create`),
        actor: peer.actorUri('peer'),
        object: reply('<p>Strong!</p>'),
      }),
    );
    expect(await eventually(async () => (await commentsOf(postId)).length === 1, 15_000)).toBe(true);
    expect((await commentsOf(postId))[0]).toMatchObject({ content: 'Strong!', author: { username: peerHandle(peer) } });
    expect(await notificationTypes(alice)).toContain('comment');

    // Someone else (signed as mallory) cannot change or delete it.
    await send(
      new Update({
        id: new URL(`${peer.origin}/u/forged`),
        actor: peer.actorUri('mallory'),
        object: reply('<p>forged</p>'),
      }),
      'mallory',
    );
    await send(
      new Delete({ id: new URL(`${peer.origin}/d/forged`), actor: peer.actorUri('mallory'), object: replyId }),
      'mallory',
    );
    await settled(spotter);
    expect((await commentsOf(postId)).map((c) => c.content)).toEqual(['Strong!']);

    await send(
      new Update({
        id: new URL(`${peer.origin}/u/1`),
        actor: peer.actorUri('peer'),
        object: reply('<p>So strong!</p>'),
      }),
    );
    expect(await eventually(async () => (await commentsOf(postId))[0]?.content === 'So strong!', 15_000)).toBe(true);
    await send(
      new Delete({
        id: new URL(`${peer.origin}/d/1`),
        actor: peer.actorUri('peer'),
        object: new Tombstone({ id: replyId }),
      }),
    );
    expect(await eventually(async () => (await commentsOf(postId)).length === 0, 15_000)).toBe(true);
  }, 40_000);

  it('takes a Like as a like with its notification, and Undo(Like) takes it back', async () => {
    const like = new Like({
      id: new URL(`${peer.origin}/likes/1`),
      actor: peer.actorUri('peer'),
      object: new URL(noteUri(postId)),
    });
    await send(like);
    expect(await eventually(async () => (await postOf(postId)).likes.likeCount === 1, 15_000)).toBe(true);
    expect(await notificationTypes(alice)).toContain('like');
    // Taken back by someone else than the liker: nothing changes.
    const mallorys = new Like({
      id: new URL(`${peer.origin}/likes/1`),
      actor: peer.actorUri('mallory'),
      object: new URL(noteUri(postId)),
    });
    await send(
      new Undo({
        id: new URL(`${peer.origin}/likes/1#undo-forged`),
        actor: peer.actorUri('mallory'),
        object: mallorys,
      }),
      'mallory',
    );
    await settled(spotter);
    expect((await postOf(postId)).likes.likeCount).toBe(1);
    await send(new Undo({ id: new URL(`${peer.origin}/likes/1#undo`), actor: peer.actorUri('peer'), object: like }));
    expect(await eventually(async () => (await postOf(postId)).likes.likeCount === 0, 15_000)).toBe(true);
  }, 30_000);

  it('sends its edit as Update(Note), a comment on it as a reply Note, and its deletion as Delete', async () => {
    const edited = await spotter.call('POST', `/api/posts/edit/${postId}`, {
      token: alice.token,
      body: { postData: { content: 'Deadlift day, edited' } },
    });
    expect(edited.statusCode, edited.body).toBe(201);
    expect(await eventually(() => received(Update).length > 0, 15_000)).toBe(true);
    const update = received(Update)[0] as Update;
    const updated = (await update.getObject()) as Note;
    expect([updated.id?.href, String(updated.content)]).toEqual([noteUri(postId), '<p>Deadlift day, edited</p>']);

    const commented = await spotter.call('POST', `/api/posts/${postId}/comments`, {
      token: alice.token,
      body: { commentData: { content: 'Thanks #all' } },
    });
    expect(commented.statusCode, commented.body).toBe(201);
    expect(await eventually(() => peer.notes.length > 1, 15_000)).toBe(true);
    const comment = peer.notes.at(-1) as Note;
    expect(comment.replyTargetId?.href).toBe(noteUri(postId));
    expect(comment.id?.href).toBe(noteUri(commented.json().comment._id));
    expect(String(comment.content)).toContain('rel="tag">#<span>all</span></a>');

    expect((await spotter.call('DELETE', `/api/posts/${postId}`, { token: alice.token })).statusCode).toBe(201);
    expect(await eventually(() => received(Delete).length > 0, 15_000)).toBe(true);
    expect(received(Delete)[0]?.objectId?.href).toBe(noteUri(postId));

    // A post made private ("only me") is gone for those who had it.
    const hidden = await newPost(spotter, alice, 'Soon only mine');
    expect(await eventually(() => peer.notes.some((n) => n.id?.href === noteUri(hidden)), 15_000)).toBe(true);
    const madePrivate = await spotter.call('POST', `/api/posts/edit/${hidden}`, {
      token: alice.token,
      body: { postData: { visibility: 'private' } },
    });
    expect(madePrivate.statusCode, madePrivate.body).toBe(201);
    expect(await eventually(() => received(Delete).some((d) => d.objectId?.href === noteUri(hidden)), 15_000)).toBe(
      true,
    );
  }, 40_000);
});

describe("the peer's post and person, seen from Spotter", () => {
  const remoteNoteId = () => new URL(`${peer.origin}/notes/remote-1`);
  let remotePostId: string;
  const remoteNote = (content: string) =>
    new Note({ id: remoteNoteId(), attribution: peer.actorUri('peer'), content, tos: [PUBLIC_COLLECTION] });

  it("sends a like, its taking back and a comment on a remote post to the post's author", async () => {
    await send(
      new Create({
        id: new URL(`${remoteNoteId().href}#create`),
        actor: peer.actorUri('peer'),
        object: remoteNote('<p>Rowing 5 km</p>'),
      }),
    );
    expect(await eventually(async () => (await postsBy(peerHandle(peer))).length === 1, 15_000)).toBe(true);
    remotePostId = (await postsBy(peerHandle(peer)))[0]?._id ?? '';

    expect((await spotter.call('POST', `/api/posts/like/${remotePostId}`, { token: alice.token })).statusCode).toBe(
      201,
    );
    expect(await eventually(() => received(Like).length > 0, 15_000)).toBe(true);
    const like = received(Like)[0] as Like;
    expect([like.actorId?.href, like.objectId?.href]).toEqual([alicePerson.id?.href, remoteNoteId().href]);

    expect((await spotter.call('POST', `/api/posts/dislike/${remotePostId}`, { token: alice.token })).statusCode).toBe(
      201,
    );
    expect(await eventually(() => received(Undo).length > 0, 15_000)).toBe(true);
    const undone = (await (received(Undo)[0] as Undo).getObject()) as Like;
    expect(undone).toBeInstanceOf(Like);
    expect(undone.objectId?.href).toBe(remoteNoteId().href);

    const before = peer.notes.length;
    const commented = await spotter.call('POST', `/api/posts/${remotePostId}/comments`, {
      token: alice.token,
      body: { commentData: { content: 'Nice pace' } },
    });
    expect(commented.statusCode, commented.body).toBe(201);
    expect(await eventually(() => peer.notes.length > before, 15_000)).toBe(true);
    const reply = peer.notes.at(-1) as Note;
    expect(reply.replyTargetId?.href).toBe(remoteNoteId().href);
    expect(reply.toIds.map(String)).toContain(peer.actorUri('peer').href);
  }, 40_000);

  it('fetches an author once for several of their posts, and again once they tell of a change to themselves', async () => {
    const fetchesOfPeer = () => peer.gets.filter((path) => path === '/users/peer').length;
    const post = (n: number) =>
      send(
        new Create({
          id: new URL(`${peer.origin}/notes/set-${n}#create`),
          actor: peer.actorUri('peer'),
          object: new Note({
            id: new URL(`${peer.origin}/notes/set-${n}`),
            attribution: peer.actorUri('peer'),
            content: `<p>Set ${n}</p>`,
            tos: [PUBLIC_COLLECTION],
          }),
        }),
      );
    const stored = async (n: number) =>
      eventually(async () => (await postsBy(peerHandle(peer))).some((p) => p.content === `Set ${n}`), 15_000);

    const before = fetchesOfPeer();
    for (const n of [1, 2, 3]) await post(n);
    expect(await stored(3)).toBe(true);
    expect(await stored(1)).toBe(true);
    // Once at most (not at all when an earlier activity of theirs was handled minutes ago).
    expect(fetchesOfPeer() - before).toBeLessThanOrEqual(1);

    const beforeUpdate = fetchesOfPeer();
    await send(
      new Update({
        id: new URL(`${peer.origin}/u/person-again`),
        actor: peer.actorUri('peer'),
        object: new Person({
          id: peer.actorUri('peer'),
          preferredUsername: 'peer',
          name: peer.names.get('peer') ?? 'The peer',
          inbox: new URL(`${peer.origin}/users/peer/inbox`),
          endpoints: new Endpoints({ sharedInbox: new URL(`${peer.origin}/inbox`) }),
        }),
      }),
    );
    await post(4);
    expect(await stored(4)).toBe(true);
    // The Update was handled first (one queue, in order): the Create after it fetched them anew.
    expect(fetchesOfPeer() - beforeUpdate).toBe(1);

    // The posts go again, for the tests after this one.
    for (const n of [1, 2, 3, 4]) {
      await send(
        new Delete({
          id: new URL(`${peer.origin}/notes/set-${n}#delete`),
          actor: peer.actorUri('peer'),
          object: new URL(`${peer.origin}/notes/set-${n}`),
        }),
      );
    }
    const sets = async () => (await postsBy(peerHandle(peer))).filter((p) => p.content.startsWith('Set ')).length;
    expect(await eventually(async () => (await sets()) === 0, 15_000)).toBe(true);
  }, 40_000);

  it('takes its Update and Delete from its author only, and nothing unsigned', async () => {
    await send(
      new Update({
        id: new URL(`${peer.origin}/u/2`),
        actor: peer.actorUri('peer'),
        object: remoteNote('<p>Rowing 6 km</p>'),
      }),
    );
    expect(await eventually(async () => (await postsBy(peerHandle(peer)))[0]?.content === 'Rowing 6 km', 15_000)).toBe(
      true,
    );

    // Unsigned: refused, and nothing changes.
    const unsigned = await fetch(alicePerson.inboxId?.href ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json' },
      body: JSON.stringify({
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${peer.origin}/d/unsigned`,
        type: 'Delete',
        actor: peer.actorUri('peer').href,
        object: remoteNoteId().href,
      }),
    });
    expect(unsigned.status).toBe(401);
    // Signed with the peer's key in mallory's name: refused too.
    const { keyId, privateKey } = await peer.peerKey();
    const forged = await signRequest(
      new Request(alicePerson.inboxId?.href ?? '', {
        method: 'POST',
        headers: { 'content-type': 'application/activity+json' },
        body: JSON.stringify({
          '@context': 'https://www.w3.org/ns/activitystreams',
          id: `${peer.origin}/likes/forged`,
          type: 'Like',
          actor: peer.actorUri('mallory').href,
          object: remoteNoteId().href,
        }),
      }),
      privateKey,
      keyId,
      { spec: 'draft-cavage-http-signatures-12' },
    );
    expect((await fetch(forged)).status).toBe(401);
    // Signed by mallory as mallory, but not the author: nothing.
    await send(
      new Delete({ id: new URL(`${peer.origin}/d/2`), actor: peer.actorUri('mallory'), object: remoteNoteId() }),
      'mallory',
    );
    await settled(spotter);
    expect((await postsBy(peerHandle(peer))).map((p) => [p._id, p.content])).toEqual([[remotePostId, 'Rowing 6 km']]);
    expect((await postOf(remotePostId)).likes.likeCount).toBe(0);

    await send(
      new Delete({
        id: new URL(`${peer.origin}/d/3`),
        actor: peer.actorUri('peer'),
        object: new Tombstone({ id: remoteNoteId() }),
      }),
    );
    expect(await eventually(async () => (await postsBy(peerHandle(peer))).length === 0, 15_000)).toBe(true);
  }, 40_000);

  it('files a Flag as a report in the moderation queue, its content as the note', async () => {
    await runAdminCommand(spotter.db, spotter.config, ['grant', 'bob']);
    const reported = await newPost(spotter, alice, 'Buy my protein');
    await send(
      new Flag({
        id: new URL(`${peer.origin}/flags/1`),
        actor: peer.actorUri('peer'),
        objects: [alicePerson.id as URL, new URL(noteUri(reported))],
        content: 'Spam from your server',
      }),
    );
    const caseOf = async () =>
      (
        (await spotter.call('GET', '/api/admin/reports?limit=100', { token: bob.token })).json().reports as {
          target: { type: string; _id: string };
          reporters: { username: string }[];
          notes: string[];
        }[]
      ).find((c) => c.target._id === reported);
    expect(await eventually(async () => (await caseOf()) !== undefined, 15_000)).toBe(true);
    expect(await caseOf()).toMatchObject({
      target: { type: 'post' },
      reporters: [{ username: peerHandle(peer) }],
      notes: ['Spam from your server'],
    });
  }, 30_000);

  it('refreshes the profile on Update(Person), and ends the follows both ways on Block', async () => {
    const peerId = (await spotter.call('GET', `/api/users/alice/followers`, { token: alice.token }))
      .json()
      .users.find((u: { username: string }) => u.username === peerHandle(peer))._id as string;
    peer.names.set('peer', 'Renamed Peer');
    await send(
      new Update({
        id: new URL(`${peer.origin}/u/person`),
        actor: peer.actorUri('peer'),
        object: await peerContext(peer).lookupObject(peer.actorUri('peer')),
      }),
    );
    const name = async () => {
      const profile = await profileOf(spotter, alice, peerHandle(peer));
      return `${profile?.firstname} ${profile?.lastname}`;
    };
    expect(await eventually(async () => (await name()) === 'Renamed Peer', 15_000)).toBe(true);

    expect((await spotter.call('POST', `/api/users/follow/${peerId}`, { token: alice.token })).statusCode).toBe(200);
    const follows = async () => {
      const followers = (await spotter.call('GET', '/api/users/alice/followers', { token: alice.token })).json().users;
      const following = (await spotter.call('GET', '/api/users/alice/following', { token: alice.token })).json().users;
      return [...followers, ...following].filter((u: { username: string }) => u.username === peerHandle(peer)).length;
    };
    expect(await follows()).toBe(2);
    await send(
      new Block({ id: new URL(`${peer.origin}/blocks/1`), actor: peer.actorUri('peer'), object: alicePerson.id }),
    );
    expect(await eventually(async () => (await follows()) === 0, 15_000)).toBe(true);
    // The block holds until its Undo (federation-extras.test.ts); the peer's replies below need it gone.
    await send(
      new Undo({
        id: new URL(`${peer.origin}/undos/block-1`),
        actor: peer.actorUri('peer'),
        object: new Block({
          id: new URL(`${peer.origin}/blocks/1`),
          actor: peer.actorUri('peer'),
          object: alicePerson.id,
        }),
      }),
    );
    expect(
      await eventually(async () => (await profileOf(spotter, alice, peerHandle(peer))) !== undefined, 15_000),
    ).toBe(true);
  }, 30_000);

  it('erases the remote person and what they made on Delete(Person)', async () => {
    const comment = await spotter.call('POST', '/api/posts', {
      token: alice.token,
      body: { postData: { content: 'Anyone rowing tomorrow?' } },
      headers: { prefer: 'return=minimal' },
    });
    const postId = comment.json().post._id as string;
    const replyId = new URL(`${peer.origin}/notes/reply-2`);
    await send(
      new Create({
        id: new URL(`${replyId.href}#create`),
        actor: peer.actorUri('peer'),
        object: new Note({
          id: replyId,
          attribution: peer.actorUri('peer'),
          replyTarget: new URL(noteUri(postId)),
          content: 'Me',
          tos: [PUBLIC_COLLECTION],
        }),
      }),
    );
    expect(await eventually(async () => (await commentsOf(postId)).length === 1, 15_000)).toBe(true);
    await send(
      new Delete({
        id: new URL(`${peer.origin}/users/peer#delete`),
        actor: peer.actorUri('peer'),
        object: peer.actorUri('peer'),
      }),
    );
    expect(await eventually(async () => (await commentsOf(postId)).length === 0, 15_000)).toBe(true);
    expect(await profileOf(spotter, alice, peerHandle(peer))).toBeUndefined();
  }, 30_000);
});

describe('a person whose server has deleted them, key and all', () => {
  it('is erased on an unverifiable Delete(Person) once their server answers 410 for them, and not before', async () => {
    const noteId = new URL(`${peer.origin}/notes/mallory-1`);
    const mallory = peer.actorUri('mallory');
    await send(
      new Create({
        id: new URL(`${noteId.href}#create`),
        actor: mallory,
        object: new Note({ id: noteId, attribution: mallory, content: 'Hi', tos: [PUBLIC_COLLECTION] }),
      }),
      'mallory',
    );
    const handle = peerHandle(peer, 'mallory');
    expect(await eventually(async () => (await postsBy(handle)).length === 1, 15_000)).toBe(true);
    // Spotter no longer holds their key (as after its cache expired), and their server has dropped it.
    await spotter.db.kysely.deleteFrom('federation_kv').where('key', 'like', '%/users/mallory%').execute();
    // A claim signed by a key that is gone while the actor still answers: refused, and they stay.
    peer.gone.add('/keys/gone');
    const { privateKey } = await peer.peerKey();
    const claim = await signRequest(
      new Request(alicePerson.inboxId?.href ?? '', {
        method: 'POST',
        headers: { 'content-type': 'application/activity+json' },
        body: JSON.stringify({
          '@context': 'https://www.w3.org/ns/activitystreams',
          id: `${mallory.href}#delete-claim`,
          type: 'Delete',
          actor: mallory.href,
          object: mallory.href,
        }),
      }),
      privateKey,
      new URL(`${peer.origin}/keys/gone`),
      { spec: 'draft-cavage-http-signatures-12' },
    );
    expect((await fetch(claim)).status).toBe(401);
    expect(await profileOf(spotter, alice, handle)).toBeDefined();
    // Their server has dropped them, key and all: the Delete it signed before cannot be checked.
    peer.gone.add('/users/mallory');
    await send(new Delete({ id: new URL(`${mallory.href}#delete`), actor: mallory, object: mallory }), 'mallory');
    expect(await profileOf(spotter, alice, handle)).toBeUndefined();
    expect(await postsBy(handle)).toEqual([]);
  }, 30_000);
});

describe("Mastodon's own shapes", () => {
  it('takes a Mastodon 4.x Person and Note (fixtures/mastodon) as a remote person and their post', async () => {
    const { privateKey, publicKey } = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
    const pem = KeyObject.from(publicKey).export({ type: 'spki', format: 'pem' }).toString();
    const fixture = (name: string) =>
      JSON.parse(
        readFileSync(new URL(`./fixtures/mastodon/${name}.json`, import.meta.url), 'utf8').replaceAll(
          'https://mastodon.example/',
          `${peer.origin}/`,
        ),
      );
    const person = fixture('person');
    person.publicKey.publicKeyPem = pem;
    peer.documents.set('/users/Gargron', person);
    const note = fixture('note');
    const { '@context': context, ...object } = note;
    const create = {
      '@context': context,
      id: `${note.id}/activity`,
      type: 'Create',
      actor: person.id,
      published: note.published,
      to: note.to,
      cc: note.cc,
      object,
    };
    const signed = await signRequest(
      new Request(alicePerson.inboxId?.href ?? '', {
        method: 'POST',
        headers: { 'content-type': 'application/activity+json' },
        body: JSON.stringify(create),
      }),
      privateKey,
      new URL(person.publicKey.id),
      { spec: 'draft-cavage-http-signatures-12' },
    );
    expect((await fetch(signed)).status).toBe(202);
    const handle = peerHandle(peer, 'Gargron');
    expect(await eventually(async () => (await postsBy(handle)).length === 1, 15_000)).toBe(true);
    const [post] = await postsBy(handle);
    expect(post?.content).toBe('Leg day done: 5 × 5 squats & a walk home #fitness');
    expect(await profileOf(spotter, alice, handle)).toMatchObject({
      username: handle,
      firstname: 'Eugen',
      lastname: 'Rochko',
      bio: 'Founder, CEO and lead developer @Mastodon, Germany.',
    });
  }, 30_000);
});
