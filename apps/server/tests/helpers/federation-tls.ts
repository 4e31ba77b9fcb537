import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';

/**
 * What puts a Spotter server on "the internet" of a test run (issue 49, decision 093): a CA made for the
 * run, a TLS-terminating proxy on a loopback address of its own (127.0.0.2, 127.0.0.3, ...) in front of
 * the server, and the environment that makes the server federate as `https://<address>:<port>` and
 * trust the CA. Free of Vitest, so the journeys (e2e/federation.spec.ts) use it as the API tests
 * (federated-spotters.ts) do.
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
export interface TlsProxy {
  port: number;
  /** https://<address>:<port>: the PUBLIC_URL of the server behind, what the other servers reach. */
  origin: string;
  /** `<address>:<port>`: the host of its people's handles. */
  host: string;
  /** The port on 127.0.0.1 the server behind listens on: set once it is chosen, before the server starts. */
  backendPort?: number;
  /** Connections that reached the proxy while nothing listened behind it (the server was down). */
  refused: number;
  close(): Promise<void>;
}

export async function startTlsProxy(address: string, certs: TestCertificates): Promise<TlsProxy> {
  const sockets = new Set<net.Socket>();
  const proxy: TlsProxy = { port: 0, origin: '', host: '', refused: 0, close: async () => {} };
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
  proxy.host = `${address}:${proxy.port}`;
  proxy.origin = `https://${proxy.host}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return proxy;
}

/**
 * The environment of a server behind `proxy`: it names everything under the proxy's https origin,
 * federates, may reach the other loopback addresses, and trusts the run's CA.
 */
export function federationEnv(proxy: TlsProxy, certs: TestCertificates): Record<string, string> {
  return {
    PUBLIC_URL: proxy.origin,
    FEDERATION: 'true',
    FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
    NODE_EXTRA_CA_CERTS: certs.caFile,
  };
}
