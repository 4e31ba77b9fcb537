import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A CA made for one run and a server certificate it signed for loopback addresses (127.0.0.2, ...):
 * what lets servers on loopback reach each other over HTTPS as on the internet, each trusting the CA
 * through NODE_EXTRA_CA_CERTS. Apart from the federation helpers (federated-spotters.ts) because the
 * benchmark's stub servers use it too (bench/figures/federation-stubs.ts), and it needs no Vitest.
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
