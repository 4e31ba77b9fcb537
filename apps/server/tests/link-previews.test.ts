import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cardPostResponseSchema, mediaResponseSchema } from '@spotter/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as files from './helpers/media-files';
import { guest } from './helpers/seed-data';
import { useTestApp } from './helpers/test-app';
import { upload } from './helpers/upload';

/**
 * Link previews (issue 47, item 12; decision 088): /postpage/{id} and /profilepage/{u} are the web
 * app's page with OpenGraph and Twitter card tags in its head for public content, and the page alone
 * for anything else. Once: the visibility rule they read is the one tested on both engines.
 */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-previews-'));
const indexHtml =
  '<!doctype html>\n<html>\n  <head>\n    <title>Spotter</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';
fs.writeFileSync(path.join(webDist, 'index.html'), indexHtml);
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

const t = useTestApp({ webDist }, { mediaSweep: false });

const hostile = `"><script>alert('x')</script> & <b>bold</b>`;
let author: { token: string; userId: string };
let username: string;

beforeAll(async () => {
  username = 'preview_ana';
  author = await t().signup(username);
  const edited = await t().call('POST', '/api/users/edit', {
    token: author.token,
    body: { userData: { bio: `Coach. ${hostile}` } },
  });
  expect(edited.statusCode, edited.body).toBe(201);
});

async function post(postData: Record<string, unknown>, token = author.token) {
  const res = await t().call('POST', '/api/posts', {
    token,
    body: { postData },
    headers: { prefer: 'return=minimal' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return cardPostResponseSchema.parse(res.json()).post;
}

const decode = (s: string) =>
  s.replace(
    /&(lt|gt|quot|#39|amp);/g,
    (_, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[e] ?? '',
  );

/** The page, and its preview tags as { key: value } (values decoded as a browser would). */
async function page(url: string) {
  const res = await t().app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  // The same page as every other: the same security headers.
  expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  const tags = Object.fromEntries(
    [...res.body.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g)].map((m) => [
      m[1] as string,
      decode(m[2] as string),
    ]),
  );
  return { body: res.body, tags };
}

describe('a shared post', () => {
  it('carries title, excerpt, first photo with its alt, and author, HTML-escaped', async () => {
    const media = mediaResponseSchema.parse(
      (await upload(t().app, author.token, await files.png(), 'a.png', 'image/png')).json(),
    ).media;
    const content = `Squat day. ${hostile}\n\n${'More words here. '.repeat(30)}`;
    const shared = await post({
      content,
      photos: [
        { url: media.url, alt: `The bar "low" & ${hostile}` },
        { url: 'https://example.com/second.jpg', alt: 'second' },
      ],
    });
    const { body, tags } = await page(`/postpage/${shared._id}`);

    expect(body).not.toContain('<script>alert');
    expect(body).not.toContain('<b>bold');
    expect(body).toContain('&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
    // The app's page is still the app's page: only its head gained the tags.
    expect(body.replace(/\n\s*<meta [^\n]*/g, '')).toBe(indexHtml);

    const name = `Test ${username} (@${username})`;
    expect(tags['og:title']).toBe(`${name} on Spotter`);
    expect(tags['twitter:title']).toBe(`${name} on Spotter`);
    expect(tags['og:type']).toBe('article');
    expect(tags['article:author']).toBe(name);
    expect(tags.author).toBe(name);
    expect(tags['og:description']?.startsWith(`Squat day. ${hostile} More words here.`)).toBe(true);
    expect(tags['og:description']?.endsWith('…')).toBe(true);
    expect([...(tags['og:description'] ?? '')].length).toBeLessThanOrEqual(200);
    expect(tags['twitter:description']).toBe(tags['og:description']);
    expect(tags['og:image']).toMatch(new RegExp(`^https?://[^/]+${media.url}$`));
    expect(tags['twitter:image']).toBe(tags['og:image']);
    expect(tags['og:image:alt']).toBe(`The bar "low" & ${hostile}`);
    expect(tags['twitter:card']).toBe('summary_large_image');
    expect(tags['og:url']).toMatch(new RegExp(`^https?://[^/]+/postpage/${shared._id}$`));
  });

  it('has a small card without an image for a post of text alone', async () => {
    const text = await post({ content: 'Rest day.' });
    const { tags } = await page(`/postpage/${text._id}`);
    expect(tags).toMatchObject({ 'og:description': 'Rest day.', 'twitter:card': 'summary' });
    expect(tags['og:image']).toBeUndefined();
  });

  it('carries nothing for followers-only, private, removed, a suspended author’s and unknown posts', async () => {
    const followers = await post({ content: 'for followers', visibility: 'followers' });
    const secret = await post({ content: 'just me', visibility: 'private' });
    const removed = await post({ content: 'removed' });
    await t()
      .db.kysely.updateTable('posts')
      .set({ removed_at: new Date().toISOString() })
      .where('public_id', '=', removed._id)
      .execute();
    const suspended = await t().signup('preview_sus');
    const bySuspended = await post({ content: 'suspended soon' }, suspended.token);
    await t()
      .db.kysely.updateTable('users')
      .set({ suspended_at: new Date().toISOString() })
      .where('public_id', '=', suspended.userId)
      .execute();

    for (const id of [followers._id, secret._id, removed._id, bySuspended._id, crypto.randomUUID(), 'not-an-id']) {
      const { body, tags } = await page(`/postpage/${id}`);
      expect(tags, id).toEqual({});
      expect(body, id).toBe(indexHtml);
    }
    const { tags } = await page('/profilepage/preview_sus');
    expect(tags).toEqual({});
  });
});

describe('a shared profile', () => {
  it('carries the name, the bio, the avatar and the person, HTML-escaped; its tabs too', async () => {
    for (const url of [`/profilepage/${username}`, `/profilepage/${username.toUpperCase()}/records`]) {
      const { body, tags } = await page(url);
      expect(body).not.toContain('<script>alert');
      const name = `Test ${username} (@${username})`;
      expect(tags).toMatchObject({
        'og:type': 'profile',
        'og:title': `${name} on Spotter`,
        'og:description': `Coach. ${hostile}`,
        author: name,
      });
      expect(tags['og:url']).toMatch(new RegExp(`^https?://[^/]+/profilepage/${username}$`));
      expect(tags['og:image']).toMatch(/^https?:\/\/[^/]+\/avatars\//);
    }
  });

  it('carries nothing for someone unknown', async () => {
    const { body, tags } = await page('/profilepage/nobody_here_at_all');
    expect(tags).toEqual({});
    expect(body).toBe(indexHtml);
  });

  it('is the same page for a signed-in person’s browser: the app takes it from there', async () => {
    const res = await t().app.inject({ method: 'GET', url: `/profilepage/${guest.username}` });
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
