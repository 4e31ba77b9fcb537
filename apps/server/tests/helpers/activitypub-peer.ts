import type { webcrypto } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { createFederation, type Federation, generateCryptoKeyPair, MemoryKvStore } from '@fedify/fedify';
import { Accept, Activity, Create, Endpoints, Follow, Note, Person, Reject, Undo } from '@fedify/vocab';

/**
 * A minimal ActivityPub server written with Fedify alone, none of Spotter's code (issue 49): two
 * actors (`peer`, and `mallory` whose key the forgery tests borrow), an inbox that records the
 * Accepts and Notes it is sent, on its own loopback address.
 */
export interface Peer {
  origin: string;
  federation: Federation<void>;
  accepts: Accept[];
  rejects: Reject[];
  notes: Note[];
  /** The Follows it is sent, and the Undos (of Follows) after them. */
  follows: Follow[];
  undos: Undo[];
  /** The JSON of each Create it was sent, as sent (what Fedify's objects leave out included). */
  createdJson: unknown[];
  /** Every activity its inboxes took (each verified by Fedify first), in order. */
  activities: Activity[];
  /** The `keyId` of each signed delivery its inboxes were sent. */
  signatures: string[];
  /** The path of each GET it was sent (its actors' documents fetched, among others), in order. */
  gets: string[];
  /** Raw JSON documents served as they are (`application/activity+json`), by path: a Mastodon-shaped actor. */
  documents: Map<string, unknown>;
  /** The display name an actor shows (`The <name>` unless set). */
  names: Map<string, string>;
  /** The actors that approve each follower (`manuallyApprovesFollowers`: a locked account). */
  locked: Set<string>;
  /** Paths answered `410 Gone` (an actor deleted, with its key). */
  gone: Set<string>;
  /** The peer's actor id for a name (`peer`, `mallory` or `stranger`, whom nobody follows). */
  actorUri(name: string): URL;
  /** The RSA private key and key id `peer` signs with. */
  peerKey(): Promise<{ keyId: URL; privateKey: webcrypto.CryptoKey }>;
  close(): Promise<void>;
}

/** signedFetchOnly: the peer answers GETs of its actors only when signed ("authorized fetch"). */
export async function startPeer(host: string, options: { signedFetchOnly?: boolean } = {}): Promise<Peer> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  const keys = new Map<string, Awaited<ReturnType<typeof generateCryptoKeyPair>>[]>();
  for (const name of ['peer', 'mallory', 'stranger']) {
    const pairs: Awaited<ReturnType<typeof generateCryptoKeyPair>>[] = [];
    for (const algorithm of ['RSASSA-PKCS1-v1_5', 'Ed25519'] as const) {
      pairs.push(await generateCryptoKeyPair(algorithm));
    }
    keys.set(name, pairs);
  }
  const federation = createFederation<void>({ kv: new MemoryKvStore(), origin, allowPrivateAddress: true });
  federation
    .setActorDispatcher('/users/{identifier}', async (ctx, identifier) => {
      if (!keys.has(identifier)) return null;
      const published = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        name: names.get(identifier) ?? `The ${identifier}`,
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        followers: new URL(`${origin}/users/${identifier}/followers`),
        manuallyApprovesFollowers: locked.has(identifier),
        publicKey: published[0]?.cryptographicKey ?? null,
        assertionMethods: published.map((k) => k.multikey),
      });
    })
    .setKeyPairsDispatcher((_ctx, identifier) => keys.get(identifier) ?? [])
    .authorize(async (ctx) => !options.signedFetchOnly || (await ctx.getSignedKey()) !== null);
  const accepts: Accept[] = [];
  const rejects: Reject[] = [];
  const notes: Note[] = [];
  const follows: Follow[] = [];
  const undos: Undo[] = [];
  const createdJson: unknown[] = [];
  const activities: Activity[] = [];
  const signatures: string[] = [];
  const gets: string[] = [];
  const documents = new Map<string, unknown>();
  const names = new Map<string, string>();
  const locked = new Set<string>();
  const gone = new Set<string>();
  federation
    .setInboxListeners('/users/{identifier}/inbox', '/inbox')
    .on(Accept, (_ctx, accept) => {
      accepts.push(accept);
      activities.push(accept);
    })
    .on(Reject, (_ctx, reject) => {
      rejects.push(reject);
      activities.push(reject);
    })
    .on(Create, async (ctx, create) => {
      const object = await create.getObject(ctx);
      createdJson.push(await create.toJsonLd());
      if (object instanceof Note) notes.push(object);
      activities.push(create);
    })
    .on(Follow, (_ctx, follow) => {
      follows.push(follow);
      activities.push(follow);
    })
    .on(Undo, (_ctx, undo) => {
      undos.push(undo);
      activities.push(undo);
    })
    .on(Activity, (_ctx, activity) => {
      activities.push(activity);
    });

  server.on('request', async (req, res) => {
    if (req.method === 'GET') gets.push(req.url ?? '');
    if (gone.has(req.url ?? '')) {
      res.statusCode = 410;
      res.end();
      return;
    }
    const document = documents.get(req.url ?? '');
    if (document !== undefined) {
      res.setHeader('content-type', 'application/activity+json');
      res.end(JSON.stringify(document));
      return;
    }
    const keyId = /keyId="([^"]+)"/.exec(String(req.headers.signature ?? ''))?.[1];
    if (req.method === 'POST' && keyId) signatures.push(keyId);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value);
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const request = new Request(`${origin}${req.url}`, {
      method: req.method,
      headers,
      body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
      ...(hasBody ? { duplex: 'half' } : {}),
    } as RequestInit);
    const response = await federation.fetch(request, { contextData: undefined });
    res.statusCode = response.status;
    response.headers.forEach((value, name) => {
      res.setHeader(name, value);
    });
    res.end(Buffer.from(await response.arrayBuffer()));
  });

  return {
    origin,
    federation,
    accepts,
    rejects,
    notes,
    follows,
    undos,
    createdJson,
    activities,
    signatures,
    gets,
    documents,
    names,
    locked,
    gone,
    actorUri: (name) => new URL(`${origin}/users/${name}`),
    async peerKey() {
      const [pair] = await federation.createContext(new URL(origin), undefined).getActorKeyPairs('peer');
      const privateKey = keys.get('peer')?.[0]?.privateKey;
      if (!pair || !privateKey) throw new Error('the peer has no key');
      return { keyId: pair.keyId, privateKey };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
