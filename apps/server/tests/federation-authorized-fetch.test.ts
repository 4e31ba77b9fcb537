import { signRequest } from '@fedify/fedify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FederatedTestApp, startFederatedTestApp } from './helpers/federated-test-app';

/**
 * FEDERATION_AUTHORIZED_FETCH (issue 49, as Mastodon's secure mode): a person's outbox, follow lists
 * and Notes answer only a GET signed by another server's actor; the actor itself stays public so
 * that servers can fetch the key our deliveries are signed with. The signer is the Fedify peer of
 * helpers/activitypub-peer.ts, whose key Spotter fetches to verify.
 */
let federated: FederatedTestApp;
let origin: string;
let actor: string;
let paths: string[];

const activityJson = { accept: 'application/activity+json' };

async function signedGet(url: string) {
  const { keyId, privateKey } = await federated.peer.peerKey();
  const request = await signRequest(new Request(url, { headers: activityJson }), privateKey, keyId);
  return fetch(request);
}

beforeAll(async () => {
  federated = await startFederatedTestApp({
    host: '127.0.0.2',
    peerHost: '127.0.0.3',
    engine: 'sqlite',
    federation: { authorizedFetch: true },
  });
  ({ origin } = federated);
  const alice = await federated.spotter.signup('alice');
  const res = await federated.spotter.call('POST', '/api/posts', {
    token: alice.token,
    body: { postData: { content: 'Squats', visibility: 'public' } },
    headers: { prefer: 'return=minimal' },
  });
  expect(res.statusCode, res.body).toBe(201);
  actor = `${origin}/ap/users/${alice.userId}`;
  const note = `${origin}/ap/posts/${res.json().post._id}`;
  paths = [`${actor}/outbox`, `${actor}/followers`, `${actor}/following`, note];
}, 120_000);

afterAll(async () => {
  await federated?.close();
});

describe('authorized fetch', () => {
  it('answers an unsigned GET of an outbox, a follow list or a Note 401, and of the actor 200', async () => {
    for (const url of paths) expect((await fetch(url, { headers: activityJson })).status, url).toBe(401);
    const person = await fetch(actor, { headers: activityJson });
    expect(person.status).toBe(200);
    expect(((await person.json()) as { publicKey: { id: string } }).publicKey.id).toBe(`${actor}#main-key`);
  }, 30_000);

  it('answers the same GETs signed by a server 200, with the documents', async () => {
    for (const url of paths) {
      const res = await signedGet(url);
      expect(res.status, url).toBe(200);
      expect(((await res.json()) as { id: string }).id, url).toBe(url);
    }
  }, 30_000);

  it("refuses a signature made with a key that is not the signer's", async () => {
    const { keyId } = await federated.peer.peerKey();
    const other = await crypto.subtle.generateKey(
      { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['sign', 'verify'],
    );
    const forged = await signRequest(new Request(paths[0] ?? '', { headers: activityJson }), other.privateKey, keyId);
    expect((await fetch(forged)).status).toBe(401);
  }, 30_000);
});
