import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadJwtSecret } from '../src/auth/jwt-secret';
import { ConfigError, envToConfig } from '../src/config';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

describe('health', () => {
  it('GET /healthz answers while the process is up; GET /readyz when the database answers', async () => {
    expect((await t().call('GET', '/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t().call('GET', '/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });
});

describe('with FEDERATION off (the default without an https PUBLIC_URL)', () => {
  it('serves no federation: WebFinger, NodeInfo, host-meta and actors answer as any unknown page', async () => {
    const accept = { accept: 'application/activity+json' };
    const elsewhere = await t().call('GET', '/no-such-page', { headers: accept });
    for (const url of [
      '/.well-known/webfinger?resource=acct:guest@localhost',
      '/.well-known/nodeinfo',
      '/.well-known/host-meta',
      '/profilepage/guest',
    ]) {
      const answer = await t().call('GET', url, { headers: accept });
      expect(answer.statusCode, url).toBe(elsewhere.statusCode);
      expect(answer.headers['content-type'], url).toBe(elsewhere.headers['content-type']);
    }
  });
});

describe('API answers', () => {
  it('are never cached, errors included', async () => {
    for (const url of ['/api/posts', '/api/users/bookmark', '/api/nothing']) {
      expect((await t().call('GET', url)).headers['cache-control'], url).toBe('no-store');
    }
  });

  it("treat a stale token on a public call as anonymous, as the spec's public calls do", async () => {
    const res = await t().call('GET', '/api/posts?limit=1', { token: 'expired-or-garbage' });
    expect(res.statusCode).toBe(200);
    expect(res.json().posts[0].likedByMe).toBe(false);
  });
});

describe('the token secret', () => {
  it('is generated once into DATA_DIR/jwt-secret with mode 0600 and reused', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-secret-'));
    try {
      const first = loadJwtSecret(undefined, dir);
      const file = path.join(dir, 'jwt-secret');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(Buffer.from(loadJwtSecret(undefined, dir)).equals(Buffer.from(first))).toBe(true);
      expect(first.length).toBeGreaterThanOrEqual(32);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('comes from JWT_SECRET when set', () => {
    const secret = 'x'.repeat(40);
    expect(new TextDecoder().decode(loadJwtSecret(secret, '/nonexistent'))).toBe(secret);
  });
});

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = envToConfig({});
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', tokenTtlSeconds: 604_800, seed: true });
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('data/spotter.db') });
    expect(envToConfig({ DATABASE_URL: 'postgres://u@h/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h/db',
      poolSize: 10,
    });
    expect(envToConfig({ TOKEN_TTL: '12h', SEED: 'false' })).toMatchObject({ tokenTtlSeconds: 43_200, seed: false });
  });

  it('refuses bad values with a sentence naming each', () => {
    expect(() => envToConfig({ PORT: 'abc', JWT_SECRET: 'short', TOKEN_TTL: 'forever' })).toThrow(ConfigError);
    const bad = () => envToConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    expect(bad).toThrow(/PORT/);
    expect(bad).toThrow(/DATABASE_URL: must be a postgres:\/\/ URL/);
  });
});
