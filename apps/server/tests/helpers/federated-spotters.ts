import crypto from 'node:crypto';
import net from 'node:net';
import tls from 'node:tls';
import { Redis } from 'ioredis';
import type { TestCertificates } from './loopback-tls';
import { freePort, type ServerProcess, startServerProcess } from './server-process';
import { createTestDatabase, type TestDatabase } from './test-db';

/**
 * Spotter servers that federate with each other as they would on the internet (issue 49): each a real
 * server process behind its own TLS-terminating proxy on its own loopback address (127.0.0.2,
 * 127.0.0.3, ...), with a certificate from a CA made for the run, which every server trusts through
 * NODE_EXTRA_CA_CERTS. Each server's PUBLIC_URL is its proxy's `https://<address>:<port>`, so the
 * handles are `name@<address>:<port>`. A scenario signs people up and calls each server's API over
 * plain HTTP (`call`), and waits for what travels between them by polling that API.
 */

export { makeCertificates, type TestCertificates } from './loopback-tls';

/** TLS in front, plain TCP to the server behind: bytes pass untouched (Host, signatures, bodies). */
interface TlsProxy {
  port: number;
  backendPort?: number;
  close(): Promise<void>;
}

async function startTlsProxy(address: string, certs: TestCertificates): Promise<TlsProxy> {
  const sockets = new Set<net.Socket>();
  const proxy: TlsProxy = { port: 0, close: async () => {} };
  const server = tls.createServer({ key: certs.key, cert: certs.cert }, (front) => {
    const back = net.connect(proxy.backendPort ?? 0, '127.0.0.1');
    for (const socket of [front, back]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        front.destroy();
        back.destroy();
      });
    }
    front.pipe(back).pipe(front);
  });
  await new Promise<void>((resolve) => server.listen(0, address, resolve));
  proxy.port = (server.address() as net.AddressInfo).port;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return proxy;
}

export interface FederatedSpotterOptions {
  /** The loopback address its proxy listens on: 127.0.0.2, 127.0.0.3, ... */
  address: string;
  certificates: TestCertificates;
  /** SQLite in its data directory, or a PostgreSQL database of its own with BullMQ's queue on Redis. */
  engine: 'sqlite' | 'postgres+redis';
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  json: T;
}

export interface SignedUp {
  id: string;
  username: string;
  token: string;
}

export interface FederatedSpotter {
  /** https://<address>:<port>: its PUBLIC_URL, what the other servers reach. */
  origin: string;
  /** `<address>:<port>`: the host of its people's handles. */
  host: string;
  process: ServerProcess;
  /** A local person's handle as another server's people type it: `name@<host>`. */
  handle(username: string): string;
  signup(username: string): Promise<SignedUp>;
  /** Its API, over plain HTTP straight to the process (the test does not need to trust the CA). */
  call<T = Record<string, unknown>>(
    method: string,
    pathname: string,
    token?: string,
    body?: unknown,
  ): Promise<Answer<T>>;
  stop(): Promise<void>;
}

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function startFederatedSpotter(options: FederatedSpotterOptions): Promise<FederatedSpotter> {
  const proxy = await startTlsProxy(options.address, options.certificates);
  const host = `${options.address}:${proxy.port}`;
  const origin = `https://${host}`;
  let db: TestDatabase | undefined;
  let redisPrefix: string | undefined;
  try {
    db = await createTestDatabase(options.engine === 'sqlite' ? 'sqlite' : 'postgres');
    const env: Record<string, string> = {
      PUBLIC_URL: origin,
      FEDERATION: 'true',
      FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
      NODE_EXTRA_CA_CERTS: options.certificates.caFile,
      JWT_SECRET: crypto.randomBytes(24).toString('hex'),
    };
    if (options.engine === 'postgres+redis') {
      redisPrefix = `spotter-test-${crypto.randomBytes(6).toString('hex')}:`;
      env.REDIS_URL = redisUrl;
      env.REDIS_PREFIX = redisPrefix;
    }
    const port = await freePort();
    proxy.backendPort = port;
    const serverProcess = await startServerProcess({
      port,
      dataDir: db.dataDir,
      ...(db.database.kind === 'postgres' ? { databaseUrl: db.database.url } : {}),
      env,
    });
    const call = async <T>(method: string, pathname: string, token?: string, body?: unknown) => {
      const res = await fetch(`${serverProcess.url}${pathname}`, {
        method,
        headers: {
          ...(token ? { authorization: token } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      return { status: res.status, json: (await res.json()) as T };
    };
    const database = db;
    return {
      origin,
      host,
      process: serverProcess,
      handle: (username) => `${username}@${host}`,
      async signup(username) {
        const res = await call<{ createdUser: { _id: string }; encodedToken: string }>(
          'POST',
          '/api/auth/signup',
          undefined,
          { firstname: username, lastname: 'Federated', username, password: 'correct horse battery' },
        );
        if (res.status !== 201) throw new Error(`signup of ${username} failed: ${JSON.stringify(res.json)}`);
        return { id: res.json.createdUser._id, username, token: res.json.encodedToken };
      },
      call,
      async stop() {
        await serverProcess.stop();
        await proxy.close();
        await dropRedisKeys(redisPrefix);
        await database.drop();
      },
    };
  } catch (error) {
    await proxy.close();
    await db?.drop();
    throw error;
  }
}

async function dropRedisKeys(prefix: string | undefined) {
  if (!prefix) return;
  const redis = new Redis(redisUrl);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
