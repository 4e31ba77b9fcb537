import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { federationEnv, startTlsProxy, type TestCertificates } from './federation-tls';
import {
  freePort,
  runServerCommand,
  type ServerProcess,
  type ServerProcessOptions,
  serverEnv,
  startServerProcess,
} from './server-process';
import { createTestDatabase, type TestDatabase } from './test-db';

/**
 * Spotter servers that federate with each other as they would on the internet (issue 49): each a real
 * server process behind its own TLS-terminating proxy on its own loopback address (127.0.0.2,
 * 127.0.0.3, ...), with a certificate from a CA made for the run, which every server trusts through
 * NODE_EXTRA_CA_CERTS. Each server's PUBLIC_URL is its proxy's `https://<address>:<port>`, so the
 * handles are `name@<address>:<port>`. A scenario signs people up and calls each server's API over
 * plain HTTP (`call`), and waits for what travels between them by polling that API. The CA, the
 * proxies and the federating environment are federation-tls.ts's, which the journeys share.
 */

export interface FederatedSpotterOptions {
  /** The loopback address its proxy listens on: 127.0.0.2, 127.0.0.3, ... */
  address: string;
  certificates: TestCertificates;
  /** SQLite in its data directory, or a PostgreSQL database of its own with BullMQ's queue on Redis. */
  engine: 'sqlite' | 'postgres+redis';
  /** More settings, e.g. FEDERATION_RETRY_FIRST_DELAY_MS. */
  env?: Record<string, string>;
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
  /** How many connections other servers made to it while it was down (its proxy counts them). */
  readonly refusedConnections: number;
  /** The server process now running (a new one after `restart`). */
  readonly process: ServerProcess;
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
  /**
   * Stops the server process (its proxy stays, so other servers' deliveries fail as at a server that
   * is down), runs `whileDown`, then starts it again on the same port, database and settings.
   */
  restart(whileDown: () => Promise<void>): Promise<void>;
  /** `npm run admin -- <args>` on its database: its output, or an error with it. */
  admin(args: string[]): Promise<string>;
  stop(): Promise<void>;
}

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function startFederatedSpotter(options: FederatedSpotterOptions): Promise<FederatedSpotter> {
  const proxy = await startTlsProxy(options.address, options.certificates);
  const { host, origin } = proxy;
  let db: TestDatabase | undefined;
  let redisPrefix: string | undefined;
  try {
    db = await createTestDatabase(options.engine === 'sqlite' ? 'sqlite' : 'postgres');
    const env: Record<string, string> = {
      ...options.env,
      ...federationEnv(proxy, options.certificates),
      JWT_SECRET: crypto.randomBytes(24).toString('hex'),
    };
    if (options.engine === 'postgres+redis') {
      redisPrefix = `spotter-test-${crypto.randomBytes(6).toString('hex')}:`;
      env.REDIS_URL = redisUrl;
      env.REDIS_PREFIX = redisPrefix;
    }
    const port = await freePort();
    proxy.backendPort = port;
    const processOptions: ServerProcessOptions = {
      port,
      dataDir: db.dataDir,
      ...(db.database.kind === 'postgres' ? { databaseUrl: db.database.url } : {}),
      env,
    };
    let serverProcess = await startServerProcess(processOptions);
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
      get process() {
        return serverProcess;
      },
      get refusedConnections() {
        return proxy.refused;
      },
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
      async restart(whileDown) {
        await serverProcess.stop();
        await whileDown();
        serverProcess = await startServerProcess(processOptions);
      },
      async admin(args) {
        const { port: _port, ...rest } = processOptions;
        const result = await runServerCommand(['admin', ...args], serverEnv(rest));
        if (result.code !== 0) throw new Error(`admin ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
        return result.stdout;
      },
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
