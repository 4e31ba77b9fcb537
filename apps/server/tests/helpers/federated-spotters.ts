import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { Redis } from 'ioredis';
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
 * plain HTTP (`call`), and waits for what travels between them by polling that API.
 */

/** The run's CA and one server certificate for every address used (openssl, on the machine). */
export interface TestCertificates {
  dir: string;
  caFile: string;
  key: Buffer;
  cert: Buffer;
  remove(): void;
}

export function makeCertificates(addresses: string[]): TestCertificates {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-federation-tls-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl([
    'req',
    '-x509',
    ...ec,
    '-keyout',
    'ca.key',
    '-out',
    'ca.crt',
    '-days',
    '2',
    '-subj',
    '/CN=Spotter federation test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  openssl(['req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=spotter-federation-test']);
  fs.writeFileSync(
    file('server.ext'),
    [
      `subjectAltName=${addresses.map((a) => `IP:${a}`).join(',')}`,
      'basicConstraints=CA:FALSE',
      'keyUsage=digitalSignature',
      'extendedKeyUsage=serverAuth',
    ].join('\n'),
  );
  openssl([
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.crt',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.crt',
    '-days',
    '2',
    '-extfile',
    'server.ext',
  ]);
  return {
    dir,
    caFile: file('ca.crt'),
    key: fs.readFileSync(file('server.key')),
    cert: fs.readFileSync(file('server.crt')),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** TLS in front, plain TCP to the server behind: bytes pass untouched (Host, signatures, bodies). */
interface TlsProxy {
  port: number;
  backendPort?: number;
  /** Connections that reached the proxy while nothing listened behind it (the server was down). */
  refused: number;
  close(): Promise<void>;
}

async function startTlsProxy(address: string, certs: TestCertificates): Promise<TlsProxy> {
  const sockets = new Set<net.Socket>();
  const proxy: TlsProxy = { port: 0, refused: 0, close: async () => {} };
  const server = tls.createServer({ key: certs.key, cert: certs.cert }, (front) => {
    const back = net.connect(proxy.backendPort ?? 0, '127.0.0.1');
    back.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') proxy.refused += 1;
    });
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
  const host = `${options.address}:${proxy.port}`;
  const origin = `https://${host}`;
  let db: TestDatabase | undefined;
  let redisPrefix: string | undefined;
  try {
    db = await createTestDatabase(options.engine === 'sqlite' ? 'sqlite' : 'postgres');
    const env: Record<string, string> = {
      ...options.env,
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
