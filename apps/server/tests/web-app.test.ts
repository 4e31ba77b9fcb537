import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app';

/** A production build as the web app's Vite config writes it: each asset with its .br and .gz twin. */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-web-dist-'));
const script = `export const feed = ${JSON.stringify('lift heavy, rest well. '.repeat(200))};\n`;
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
fs.writeFileSync(path.join(webDist, 'assets', 'feed-abc123.js'), script);
fs.writeFileSync(path.join(webDist, 'assets', 'feed-abc123.js.br'), brotliCompressSync(script));
fs.writeFileSync(path.join(webDist, 'assets', 'feed-abc123.js.gz'), gzipSync(script));
fs.writeFileSync(path.join(webDist, 'assets', 'plain-abc123.js'), 'console.log(1);\n');
fs.writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
fs.writeFileSync(path.join(webDist, 'manifest.webmanifest'), JSON.stringify({ name: 'Spotter' }));
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

const t = useTestApp({ webDist });

const asset = (file: string, acceptEncoding?: string) =>
  t().app.inject({
    method: 'GET',
    url: `/assets/${file}`,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('the web build', () => {
  it('sends the service worker and the manifest to be checked on every visit, as the manifest type (issue 48)', async () => {
    const worker = await t().app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await t().app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toEqual({ name: 'Spotter' });
  });

  it('sends a script as its brotli twin to a browser that accepts br, cached for a year', async () => {
    const res = await asset('feed-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip twin to a client that accepts only gzip, and the file itself to one that accepts neither', async () => {
    const gz = await asset('feed-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await asset('feed-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('sends a file with no compressed twin as it is', async () => {
    const res = await asset('plain-abc123.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('console.log(1);\n');
  });

  it('answers a missing asset with a JSON 404 and a client route with the app, never cached', async () => {
    const missing = await asset('gone-000000.js', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ errors: [expect.any(String)] });

    const page = await t().app.inject({ method: 'GET', url: '/explore', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
