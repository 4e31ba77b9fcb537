import { KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateCryptoKeyPair, signRequest } from '@fedify/fedify';
import { Create, Document, Note, type Person, PUBLIC_COLLECTION } from '@fedify/vocab';
import { apiErrors } from '@spotter/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockDomain, sweepRemoteMedia } from '../src/modules/federation';
import { rememberRemoteMedia } from '../src/modules/federation/queries/remote-media';
import { createMediaStore } from '../src/modules/media';
import type { Peer } from './helpers/activitypub-peer';
import { eventually } from './helpers/eventually';
import { type FederatedTestApp, peerContext, peerHandle, startFederatedTestApp } from './helpers/federated-test-app';
import { startTestApp, type TestApp, type Person as TestPerson } from './helpers/test-app';

/**
 * Remote media proxied and cached by our server (issue 49, decision 101): a remote Note's image is
 * kept as a reference to our /media/remote/<key>, fetched from its origin on the first view (one
 * fetch for viewers who miss at once), served from our copy after, even with the origin gone; a
 * private address (without FEDERATION_ALLOW_PRIVATE_ADDRESSES), a file over the size cap, a type
 * not allowed are refused with a 4xx, and a blocked domain's files are not served.
 */
const spotterHost = '127.0.0.2';
const fileHost = '127.0.0.3';
/** The size cap of images in this file (MEDIA_MAX_IMAGE_MB), small so the over-cap file is small. */
const maxImageBytes = 16 * 1024;
const picture = Buffer.from(`89504e470d0a1a0a${'00'.repeat(600)}`, 'hex');

let federated: FederatedTestApp;
let spotter: TestApp;
let peer: Peer;
let alice: TestPerson;
let alicePerson: Person;
let files: http.Server;
let filesOrigin: string;
const hits = new Map<string, number>();
let noteCount = 0;

/** The remote host's files: what each path answers, counting the requests that reach it. */
function fileServer(request: http.IncomingMessage, response: http.ServerResponse) {
  const path = request.url ?? '';
  hits.set(path, (hits.get(path) ?? 0) + 1);
  if (path === '/pic.png' || path === '/shared.png' || path === '/avatar.jpg') {
    // The shared file answers late, so that viewers who ask at once all miss.
    const delay = path === '/shared.png' ? 300 : 0;
    setTimeout(() => response.writeHead(200, { 'content-type': 'image/png' }).end(picture), delay);
  } else if (path === '/big.png') {
    // No Content-Length: the cap must cut the body off as it arrives.
    response.writeHead(200, { 'content-type': 'image/png' });
    response.write(Buffer.alloc(maxImageBytes));
    response.end(Buffer.alloc(1024));
  } else if (path === '/page.png') {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(1)</script>');
  } else {
    response.writeHead(404).end();
  }
}

/** A Note by the peer with one image attachment, delivered to alice; answers the post as alice sees it. */
async function remotePostWith(path: string, alt: string) {
  noteCount += 1;
  const noteId = new URL(`${peer.origin}/notes/media-${noteCount}`);
  const attachment = new Document({ url: new URL(`${filesOrigin}${path}`), mediaType: 'image/png', name: alt });
  const note = new Note({
    id: noteId,
    attribution: peer.actorUri('peer'),
    content: `<p>Note ${noteCount}</p>`,
    attachments: [attachment],
    tos: [PUBLIC_COLLECTION],
  });
  await peerContext(peer).sendActivity(
    { identifier: 'peer' },
    alicePerson,
    new Create({ id: new URL(`${noteId.href}#create`), actor: peer.actorUri('peer'), object: note }),
  );
  const find = async () => {
    const res = await spotter.call('GET', `/api/posts/user/${encodeURIComponent(peerHandle(peer))}`, {
      token: alice.token,
    });
    const posts = res.statusCode === 200 ? (res.json().posts as { content: string }[]) : [];
    return posts.find((post) => post.content === `Note ${noteCount}`);
  };
  expect(await eventually(async () => (await find()) !== undefined, 15_000)).toBe(true);
  return (await find()) as unknown as { image: string; mediaType: string; alt: string };
}

/** Media are fetched as a browser's <img> does: no token. */
const view = (url: string, app: TestApp = spotter) => app.call('GET', url);
const keyOf = (url: string) => url.split('/').at(-1) ?? '';
const fetchedAt = async (url: string) =>
  (
    await spotter.db.kysely
      .selectFrom('remote_media')
      .select('fetched_at')
      .where('key', '=', keyOf(url))
      .executeTakeFirstOrThrow()
  ).fetched_at;
/** The sweep as the app's hourly run does it, at a chosen time, over the app's own store. */
async function sweepAt(now: Date) {
  const mediaStore = await createMediaStore(spotter.config.media.store);
  try {
    return await sweepRemoteMedia({ db: spotter.db, mediaStore }, now);
  } finally {
    mediaStore.close();
  }
}

beforeAll(async () => {
  files = http.createServer(fileServer);
  await new Promise<void>((resolve) => files.listen(0, fileHost, resolve));
  filesOrigin = `http://${fileHost}:${(files.address() as AddressInfo).port}`;
  federated = await startFederatedTestApp({ host: spotterHost, peerHost: fileHost, media: { maxImageBytes } });
  ({ spotter, peer } = federated);
  alice = { ...(await spotter.signup('alice')), username: 'alice' };
  alicePerson = (await peerContext(peer).lookupObject(`${federated.origin}/profilepage/alice`)) as Person;
}, 60_000);

afterAll(async () => {
  await federated?.close();
  if (files.listening) await new Promise((resolve) => files.close(resolve));
});

describe('a remote image shown through our server', () => {
  let imageUrl: string;

  it('keeps the attachment as our /media/remote/ URL with its alt text, fetching nothing yet', async () => {
    const post = await remotePostWith('/pic.png', 'A loaded barbell');
    expect(post.image).toMatch(/^\/media\/remote\/[0-9a-f]{64}$/);
    expect(post).toMatchObject({ mediaType: 'image', alt: 'A loaded barbell' });
    expect(hits.get('/pic.png') ?? 0).toBe(0);
    imageUrl = post.image;
  }, 30_000);

  it('answers the bytes with their type on the first view, fetched from the origin once', async () => {
    const res = await view(imageUrl);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(picture)).toBe(true);
    expect((await view(imageUrl)).rawPayload.equals(picture)).toBe(true);
    expect(hits.get('/pic.png')).toBe(1);
  });

  it('answers a byte range of the stored copy', async () => {
    const res = await spotter.call('GET', imageUrl, { headers: { range: 'bytes=0-7' } });
    expect(res.statusCode).toBe(206);
    expect(res.rawPayload.equals(picture.subarray(0, 8))).toBe(true);
  });

  it('shares one fetch between viewers who miss at once', async () => {
    const post = await remotePostWith('/shared.png', 'Chalk');
    const answers = await Promise.all([view(post.image), view(post.image), view(post.image)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(answers.every((res) => res.rawPayload.equals(picture))).toBe(true);
    expect(hits.get('/shared.png')).toBe(1);
  }, 30_000);

  it('refuses a file over the size cap, and stores nothing', async () => {
    const post = await remotePostWith('/big.png', 'Too big');
    const res = await view(post.image);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errors: [apiErrors.remoteMediaRefused] });
    expect(await fetchedAt(post.image)).toBeNull();
  }, 30_000);

  it('refuses a file whose type is not an image or an allowed video', async () => {
    const post = await remotePostWith('/page.png', 'Not a picture');
    const res = await view(post.image);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errors: [apiErrors.remoteMediaRefused] });
    // Viewed again at once: the same answer, without asking its server again.
    expect((await view(post.image)).statusCode).toBe(403);
    expect(hits.get('/page.png')).toBe(1);
  }, 30_000);

  it('answers 502 when the origin has no such file, and 404 for a key it never recorded', async () => {
    const post = await remotePostWith('/gone.png', 'Gone');
    const res = await view(post.image);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ errors: [apiErrors.remoteMediaUnavailable] });
    expect((await view(`/media/remote/${'0'.repeat(64)}`)).statusCode).toBe(404);
    expect((await view('/media/remote/..%2Fetc%2Fpasswd')).statusCode).toBe(404);
  }, 30_000);

  it("shows a remote person's avatar from our origin too", async () => {
    // A Mastodon 4.x Person (fixtures/mastodon) whose avatar is on the file host, posting once.
    const { privateKey, publicKey } = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
    const fixture = (name: string) =>
      JSON.parse(
        readFileSync(new URL(`./fixtures/mastodon/${name}.json`, import.meta.url), 'utf8')
          .replaceAll(
            'https://files.mastodon.example/accounts/avatars/000/000/001/original/dc4286ceb8fab734.jpg',
            `${filesOrigin}/avatar.jpg`,
          )
          .replaceAll('https://mastodon.example/', `${peer.origin}/`),
      );
    const person = fixture('person');
    person.publicKey.publicKeyPem = KeyObject.from(publicKey).export({ type: 'spki', format: 'pem' }).toString();
    peer.documents.set('/users/Gargron', person);
    const { '@context': context, ...object } = fixture('note');
    const create = {
      '@context': context,
      id: `${object.id}/activity`,
      type: 'Create',
      actor: person.id,
      to: object.to,
      cc: object.cc,
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
    const handle = `Gargron@${new URL(peer.origin).host}`;
    const profile = async () =>
      (await spotter.call('GET', `/api/users/profile/${encodeURIComponent(handle)}`, { token: alice.token })).json()
        .profile as { avatarUrl: string } | undefined;
    expect(await eventually(async () => (await profile()) !== undefined, 15_000)).toBe(true);
    const avatarUrl = (await profile())?.avatarUrl ?? '';
    expect(avatarUrl).toMatch(/^\/media\/remote\/[0-9a-f]{64}$/);
    const res = await view(avatarUrl);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(picture)).toBe(true);
    expect(hits.get('/avatar.jpg')).toBe(1);
  }, 30_000);

  it('drops a copy kept past the retention period, and fetches the file again when next shown', async () => {
    expect(await sweepAt(new Date())).toBe(0);
    const later = new Date(Date.now() + 15 * 24 * 60 * 60 * 1000);
    expect(await sweepAt(later)).toBeGreaterThan(0);
    expect(await fetchedAt(imageUrl)).toBeNull();
    const res = await view(imageUrl);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(picture)).toBe(true);
    expect(hits.get('/pic.png')).toBe(2);
    expect(await fetchedAt(imageUrl)).not.toBeNull();
  });

  it('still serves the cached copy once the origin has stopped', async () => {
    await new Promise((resolve) => files.close(resolve));
    const res = await view(imageUrl);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(picture)).toBe(true);
  });

  it("serves none of a blocked domain's files, cached or not", async () => {
    await blockDomain(spotter.db, fileHost, 'test');
    const res = await view(imageUrl);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: [apiErrors.routeNotFound] });
    // Its stored copies are dropped by the next sweep.
    expect(await sweepAt(new Date())).toBeGreaterThan(0);
    expect(await fetchedAt(imageUrl)).toBeNull();
  });
});

describe('without FEDERATION_ALLOW_PRIVATE_ADDRESSES', () => {
  let plain: TestApp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const started = await startTestApp({ seed: false });
    plain = started.testApp;
    close = async () => {
      await plain.app.close();
      await started.db.drop();
    };
  }, 60_000);

  afterAll(async () => {
    await close?.();
  });

  it('refuses a URL on a loopback address or a name that resolves to one (403, where a failed fetch is 502)', async () => {
    for (const url of ['http://127.0.0.3/pic.png', 'http://localhost/pic.png', 'http://[::1]/pic.png']) {
      const path = await rememberRemoteMedia(plain.db, url);
      const res = await view(path, plain);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ errors: [apiErrors.remoteMediaRefused] });
    }
  });
});
