import { routes } from '@spotter/contract';
import { describe, expect, it } from 'vitest';
import { envToConfig } from '../src/config';
import { guest } from './helpers/seed-data';
import { useTestApp } from './helpers/test-app';

const lines: string[] = [];
const logStream = { write: (line: string) => void lines.push(line) };

const t = useTestApp({ logLevel: 'info' }, { logStream });
const withPublicUrl = useTestApp({ publicOrigin: 'https://spotter.example' });

const login = (app: typeof t, headers: Record<string, string>) =>
  app().call('POST', routes.login.path, { headers, body: guest });

// Issue 17, finding 11.
describe("the server's own origin is not taken from a DNS name in the Host header", () => {
  it('DNS rebinding: a page of rebind.example whose name now points here is refused (403), logins included', async () => {
    const res = await login(t, { host: 'rebind.example:3000', origin: 'http://rebind.example:3000' });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('encodedToken');
  });

  it('without PUBLIC_URL, a loopback name or an IP address in Host is still this origin', async () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', '192.168.1.20:3000']) {
      const res = await login(t, { host, origin: `http://${host}` });
      expect(res.statusCode, host).toBe(200);
    }
  });

  it('with PUBLIC_URL, that origin alone is this server, whatever the Host header says', async () => {
    expect((await login(withPublicUrl, { origin: 'https://spotter.example' })).statusCode).toBe(200);
    const forged = { host: 'rebind.example', origin: 'http://rebind.example' };
    expect((await login(withPublicUrl, forged)).statusCode).toBe(403);
    expect((await login(withPublicUrl, { host: 'localhost', origin: 'http://localhost' })).statusCode).toBe(403);
  });

  it('PUBLIC_URL must be an http(s) URL; its origin is kept', () => {
    expect(envToConfig({ PUBLIC_URL: 'https://spotter.example/app/' }).publicOrigin).toBe('https://spotter.example');
    expect(() => envToConfig({ PUBLIC_URL: 'spotter.example' })).toThrow(/PUBLIC_URL/);
  });
});

describe('query strings in the logs', () => {
  it('redact token and q, and keep the rest of the URL', async () => {
    lines.length = 0;
    await t().call('GET', '/api/users/search?q=secret-crush-name&limit=5');
    await t().call('GET', '/api/posts?token=eyJhbGciOi.leaked.token&limit=2');
    const logged = lines.join('\n');
    expect(logged).not.toContain('secret-crush-name');
    expect(logged).not.toContain('leaked');
    expect(logged).toContain('/api/users/search?q=[redacted]&limit=5');
    expect(logged).toContain('/api/posts?token=[redacted]&limit=2');
  });
});

describe('Permissions-Policy', () => {
  it('turns off the powerful browser features Spotter never uses, on pages and API answers', async () => {
    for (const url of ['/', routes.listPosts.path]) {
      const header = String((await t().call('GET', url)).headers['permissions-policy'] ?? '');
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()']) {
        expect(header, url).toContain(feature);
      }
    }
  });
});
