import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../src/config';
import { type Peer, startPeer } from './activitypub-peer';
import { startTestApp, type TestApp } from './test-app';

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
