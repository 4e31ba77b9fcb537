import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { makeCertificates, type TestCertificates } from '../../apps/server/tests/helpers/federation-tls';

/**
 * Remote servers for federation's figures (issue 49): `count` HTTPS hosts on loopback addresses
 * 127.0.2.1, 127.0.2.2, ... (each its own server, one handler, this process), with a certificate from
 * a CA made for the run (the federation tests' own, tests/helpers/federation-tls.ts) that Spotter trusts
 * through NODE_EXTRA_CA_CERTS. Each answers a POST to its shared inbox (`/inbox`) 202 and records it,
 * and serves the actor documents it is given (`/users/<name>`).
 */
export interface Delivery {
  /** `<address>:<port>` of the host that took it. */
  host: string;
  at: number;
  /** The delivered activity's object id (a Create's Note), or its own id. */
  objectId: string;
}

export interface StubHosts {
  certificates: TestCertificates;
  /** `<address>:<port>` of each host, in order. */
  hosts: string[];
  deliveries: Delivery[];
  /** Serves `document` as `application/activity+json` at `https://<host><pathname>`. */
  serve(host: string, pathname: string, document: unknown): void;
  /** Resolves when `until` holds of the deliveries (checked on each), or rejects after `timeoutMs`. */
  waitFor(until: (deliveries: Delivery[]) => boolean, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

const addressOf = (i: number) => `127.0.2.${i + 1}`;

function objectIdOf(body: string): string {
  try {
    const activity = JSON.parse(body) as { id?: string; object?: string | { id?: string } };
    const object = activity.object;
    return (typeof object === 'string' ? object : object?.id) ?? activity.id ?? '';
  } catch {
    return '';
  }
}

export async function startStubHosts(count: number): Promise<StubHosts> {
  if (count > 254) throw new Error('at most 254 stub hosts (127.0.2.1-254)');
  const addresses = Array.from({ length: count }, (_, i) => addressOf(i));
  const certificates = makeCertificates(addresses);
  const deliveries: Delivery[] = [];
  const documents = new Map<string, string>();
  const waiters = new Set<() => void>();
  const servers: https.Server[] = [];
  const hosts: string[] = [];
  try {
    for (const address of addresses) {
      const server = https.createServer({ key: certificates.key, cert: certificates.cert, keepAlive: true });
      server.on('request', (req, res) => {
        const host = `${address}:${(server.address() as AddressInfo).port}`;
        if (req.method === 'GET') {
          const document = documents.get(`${host}${req.url}`);
          res.writeHead(document ? 200 : 404, { 'content-type': 'application/activity+json' });
          res.end(document ?? '{}');
          return;
        }
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          if (req.method === 'POST' && req.url === '/inbox') {
            deliveries.push({ host, at: performance.now(), objectId: objectIdOf(Buffer.concat(chunks).toString()) });
            for (const wake of waiters) wake();
            res.writeHead(202).end();
          } else res.writeHead(404).end();
        });
      });
      await new Promise<void>((resolve) => server.listen(0, address, resolve));
      servers.push(server);
      hosts.push(`${address}:${(server.address() as AddressInfo).port}`);
    }
  } catch (error) {
    for (const server of servers) server.close();
    certificates.remove();
    throw error;
  }
  return {
    certificates,
    hosts,
    deliveries,
    serve: (host, pathname, document) => documents.set(`${host}${pathname}`, JSON.stringify(document)),
    waitFor: (until, timeoutMs) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (!until(deliveries)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the stub hosts did not receive what was awaited within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    async close() {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections();
              server.close(() => resolve());
            }),
        ),
      );
      certificates.remove();
    },
  };
}
