import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiErrors, routes } from '@spotter/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { envToConfig } from '../src/config';
import { guest } from './helpers/seed-data';
import { useTestApp } from './helpers/test-app';

/** A production build as Vite lays it out: index.html loading a hashed module from /assets. */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-web-dist-'));
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
);
fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("spotter");');
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

const t = useTestApp({ webDist, mediaPublicUrl: 'https://media.spotter.example/bucket/' });
const behindProxy = useTestApp({ webDist, trustProxy: true });
const withCors = useTestApp({ corsOrigins: ['https://app.partner.example'] });

/** The CSP header as a map of directive -> sources. */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

describe('security headers', () => {
  const pages = [
    ['the app page', '/'],
    ['a deep link of the app', '/profilepage/maya_lifts'],
    ['a hashed asset', '/assets/index-abc123.js'],
    ['an API answer', routes.listPosts.path],
    ['an API error', '/api/no-such-call'],
  ] as const;

  it.each(pages)('are on %s (%s)', async (_, url) => {
    const res = await t().call('GET', url);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const policy = csp(res);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    // Images and video: this origin, local previews, and the configured media store's origin only.
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://media.spotter.example']);
    expect(policy.get('media-src')).toEqual(["'self'", 'blob:', 'https://media.spotter.example']);
    const header = String(res.headers['content-security-policy']);
    expect(header).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  it('the served app page loads its script from this origin, with no inline script', async () => {
    const res = await t().call('GET', '/');
    expect(res.statusCode).toBe(200);
    const scripts = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="\/[^/]/);
      expect(body?.trim()).toBe('');
    }
  });

  it('without a media store, images and video come from this origin only', async () => {
    const res = await behindProxy().call('GET', '/');
    expect(csp(res).get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp(res).get('media-src')).toEqual(["'self'", 'blob:']);
  });
});

describe('HSTS', () => {
  it('is sent over TLS as a trusted proxy reports it', async () => {
    for (const url of ['/', routes.listPosts.path]) {
      const res = await behindProxy().call('GET', url, { headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('is not sent over plain http, nor on the word of an untrusted X-Forwarded-Proto', async () => {
    expect((await behindProxy().call('GET', '/')).headers['strict-transport-security']).toBeUndefined();
    const spoofed = await t().call('GET', '/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('cross-origin API calls', () => {
  const evil = { origin: 'https://evil.example' };

  it('are refused with 403 JSON before anything runs, reads and writes alike', async () => {
    const { token } = await t().login(guest.username, guest.password);
    const before = (await t().call('GET', routes.listPosts.path)).json().posts.length;
    const write = await t().call('POST', routes.createPost.path, {
      token,
      headers: evil,
      body: { postData: { content: 'posted from another site' } },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({ errors: [apiErrors.crossOrigin] });
    expect((await t().call('GET', routes.listPosts.path)).json().posts.length).toBe(before);
    for (const origin of ['https://evil.example', 'null', 'http://localhost:8080', 'https://localhost']) {
      const read = await t().call('GET', routes.getBookmarks.path, { token, headers: { origin } });
      expect(read.statusCode, origin).toBe(403);
      expect(read.headers['access-control-allow-origin']).toBeUndefined();
    }
    const login = await t().call('POST', routes.login.path, { headers: evil, body: guest });
    expect(login.statusCode).toBe(403);
    expect(login.body).not.toContain('encodedToken');
  });

  it('from this very origin, or without an Origin header, are served', async () => {
    const { token } = await t().login(guest.username, guest.password);
    // light-my-request's default Host is localhost:80, i.e. the origin http://localhost.
    const variants: Record<string, string>[] = [{ origin: 'http://localhost' }, { origin: 'http://localhost:80' }, {}];
    for (const headers of variants) {
      const res = await t().call('GET', routes.getBookmarks.path, { token, headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it('behind a trusted proxy, the public origin is the forwarded one', async () => {
    const headers = {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'spotter.example',
      origin: 'https://spotter.example',
    };
    expect((await behindProxy().call('POST', routes.login.path, { headers, body: guest })).statusCode).toBe(200);
    const other = { ...headers, origin: 'http://spotter.example' };
    expect((await behindProxy().call('POST', routes.login.path, { headers: other, body: guest })).statusCode).toBe(403);
  });

  it('do not concern pages: another site may link to the app', async () => {
    expect((await t().call('GET', '/', { headers: evil })).statusCode).toBe(200);
  });

  it('from an origin in CORS_ORIGINS are allowed, preflight included; others still get 403', async () => {
    const origin = 'https://app.partner.example';
    const preflight = await withCors().app.inject({
      method: 'OPTIONS',
      url: routes.createPost.path,
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, POST, DELETE');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('authorization');

    const { token } = await withCors().login(guest.username, guest.password);
    const res = await withCors().call('POST', routes.createPost.path, {
      token,
      headers: { origin },
      body: { postData: { content: 'from the partner app' } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['access-control-allow-origin']).toBe(origin);
    expect(res.headers.vary).toContain('Origin');

    const refused = await withCors().app.inject({
      method: 'OPTIONS',
      url: routes.createPost.path,
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('CORS_ORIGINS is a comma-separated list of http(s) origins', () => {
    expect(envToConfig({ CORS_ORIGINS: 'https://a.example, http://b.example:8080/path' }).corsOrigins).toEqual([
      'https://a.example',
      'http://b.example:8080',
    ]);
    expect(envToConfig({}).corsOrigins).toEqual([]);
    expect(() => envToConfig({ CORS_ORIGINS: 'https://a.example,ftp://b.example' })).toThrow(/CORS_ORIGINS/);
    expect(() => envToConfig({ MEDIA_PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/MEDIA_PUBLIC_URL/);
  });
});
