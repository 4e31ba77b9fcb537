import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Follow, type Person } from '@fedify/vocab';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Config } from '../../src/config';
import { type Peer, startPeer } from './activitypub-peer';
import { eventually } from './eventually';
import { startTestApp, type TestApp, type Person as TestPerson } from './test-app';

/** A port free on `host` now, for a server that must know its own address before it listens. */
async function freePort(host: string): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, host, resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface FederatedTestApp {
  spotter: TestApp;
  /** `http://<host>:<port>`, the origin every actor and post of this Spotter is named under. */
  origin: string;
  /** The minimal ActivityPub server written with Fedify alone (activitypub-peer.ts). */
  peer: Peer;
  close(): Promise<void>;
}

/**
 * A Spotter test app listening on its own loopback address with federation on (private addresses
 * allowed, as both sides are on loopback), and a Fedify peer on another: what each federation test
 * file starts in its beforeAll. `engine` pins one (else TEST_DB's); `federation` and `media` add settings.
 */
export async function startFederatedTestApp(options: {
  host: string;
  peerHost: string;
  peer?: Parameters<typeof startPeer>[1];
  federation?: Partial<NonNullable<Config['federation']>>;
  /** Media settings over the defaults (a small size cap). */
  media?: Partial<Config['media']>;
  engine?: 'sqlite';
}): Promise<FederatedTestApp> {
  const peer = await startPeer(options.peerHost, options.peer);
  const port = await freePort(options.host);
  const origin = `http://${options.host}:${port}`;
  const started = await startTestApp(
    (defaults) => ({
      ...(options.media ? { media: { ...defaults.media, ...options.media } } : {}),
      publicOrigin: origin,
      host: options.host,
      port,
      federation: { origin, allowPrivateAddresses: true, ...options.federation },
      seed: false,
    }),
    options.engine ? { engine: options.engine } : {},
  );
  await (started.testApp.app as FastifyInstance).listen({ host: options.host, port });
  return {
    spotter: started.testApp,
    origin,
    peer,
    async close() {
      await started.testApp.app.close();
      await started.db.drop();
      await peer.close();
    },
  };
}

/** The peer's Fedify context, to look objects up and send activities as one of its actors. */
export const peerContext = (peer: Peer) => peer.federation.createContext(new URL(peer.origin), undefined);

/** How Spotter names the peer's actor `name`: `name@host:port`. */
export const peerHandle = (peer: Peer, name = 'peer') => `${name}@${new URL(peer.origin).host}`;

/**
 * The peer's actor `as` follows the local person `username`; resolves once their Accept came
 * (signed by them: the peer keeps their key), with their Person and the Follow.
 */
export async function peerFollows(federated: FederatedTestApp, username: string, followId: string, as = 'peer') {
  const { peer, origin } = federated;
  const person = (await peerContext(peer).lookupObject(`${origin}/profilepage/${username}`)) as Person;
  const accepted = peer.accepts.length;
  const follow = new Follow({
    id: new URL(`${peer.origin}/follows/${followId}`),
    actor: peer.actorUri(as),
    object: person.id,
  });
  await peerContext(peer).sendActivity({ identifier: as }, person, follow);
  if (!(await eventually(() => peer.accepts.length > accepted, 15_000))) throw new Error('the follow was not accepted');
  return { person, follow };
}

/** Whether Spotter's federation queue holds no message (each delivery is queued before it is handled). */
export async function federationQueueEmpty(spotter: TestApp): Promise<boolean> {
  const row = await spotter.db.kysely
    .selectFrom('federation_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/** Waits until Spotter has handled every delivery it took. */
export const settled = async (spotter: TestApp) =>
  expect(await eventually(() => federationQueueEmpty(spotter), 15_000)).toBe(true);

/** `who` posts `content` (public unless said otherwise); answers the new post's id. */
export async function newPost(spotter: TestApp, who: TestPerson, content: string, visibility = 'public') {
  const res = await spotter.call('POST', '/api/posts', {
    token: who.token,
    body: { postData: { content, visibility } },
    headers: { prefer: 'return=minimal' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().post._id as string;
}

/** The profile of `username` as `viewer` sees it, or undefined where it is not found. */
export async function profileOf(spotter: TestApp, viewer: TestPerson, username: string) {
  const res = await spotter.call('GET', `/api/users/profile/${encodeURIComponent(username)}`, { token: viewer.token });
  return res.statusCode === 200 ? res.json().profile : undefined;
}
