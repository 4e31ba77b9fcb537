import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { apiErrors, routes } from '@spotter/contract';
import { cardPostResponseSchema, mediaResponseSchema, postResponseSchema } from '@spotter/contract/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMediaStore } from '../src/modules/media/create-store';
import type { MediaStore } from '../src/modules/media/store';
import { clearAbandonedUploads, sweepMedia } from '../src/modules/media/sweep';
import * as files from './helpers/media-files';
import { guest } from './helpers/seed-data';
import { useTestApp } from './helpers/test-app';
import { upload } from './helpers/upload';

const t = useTestApp({}, { mediaSweep: false });

let store: MediaStore;
let guestToken: string;
let otherToken: string;

beforeAll(async () => {
  store = await createMediaStore(t().config.media.store);
  guestToken = (await t().login(guest.username, guest.password)).token;
  otherToken = (await t().signup('media_other')).token;
});

const keyOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of store.list()) keys.push(file.key);
  return keys;
}

/** An upload's row, with the public id of the post showing it (null when none does). */
const mediaRow = (url: string) =>
  t()
    .db.kysely.selectFrom('media')
    .leftJoin('posts', 'posts.id', 'media.post_id')
    .select(['media.key', 'posts.public_id as post_id'])
    .where('media.key', '=', keyOf(url))
    .executeTakeFirst();

async function uploadPhoto(token = guestToken) {
  const res = await upload(t().app, token, await files.png(), 'a.png', 'image/png');
  expect(res.statusCode, res.body).toBe(201);
  return mediaResponseSchema.parse(res.json()).media;
}

async function createPost(token: string, postData: Record<string, unknown>) {
  return t().call('POST', '/api/posts', { token, body: { postData }, headers: { prefer: 'return=minimal' } });
}

async function createdPostId(token: string, postData: Record<string, unknown>) {
  const res = await createPost(token, postData);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { post: { _id: string } }).post._id;
}

const postCount = async () => (await t().db.kysely.selectFrom('posts').select('id').execute()).length;

describe('a post showing an upload', () => {
  it('takes its type and size from the upload, everywhere the post is shown', async () => {
    const media = await uploadPhoto();
    // The client's mediaType is not trusted for an upload: the server knows what it stored.
    const id = await createdPostId(guestToken, {
      content: 'new PR',
      image: media.url,
      mediaType: 'video',
      alt: 'A bar',
    });

    const post = postResponseSchema.parse((await t().call('GET', `/api/posts/${id}`)).json()).post;
    expect(post).toMatchObject({
      image: media.url,
      mediaType: 'image',
      alt: 'A bar',
      mediaWidth: 320,
      mediaHeight: 200,
    });
    const card = cardPostResponseSchema.parse((await t().call('GET', `/api/posts/${id}/card`)).json()).post;
    expect(card).toMatchObject({ image: media.url, mediaType: 'image', mediaWidth: 320, mediaHeight: 200 });
    const feed = (await t().call('GET', '/api/feed?limit=5', { token: guestToken })).json() as {
      posts: { _id: string; mediaWidth: number | null }[];
    };
    expect(feed.posts.find((p) => p._id === id)?.mediaWidth).toBe(320);
    expect((await mediaRow(media.url))?.post_id).toBe(id);
  });

  it('is a video post when the upload is a video', async () => {
    const res = await upload(t().app, guestToken, await files.webm(), 'clip.webm', 'video/webm');
    const media = mediaResponseSchema.parse(res.json()).media;
    const id = await createdPostId(guestToken, { content: '', image: media.url });
    const post = postResponseSchema.parse((await t().call('GET', `/api/posts/${id}`)).json()).post;
    expect(post).toMatchObject({ mediaType: 'video', mediaWidth: 160, mediaHeight: 120 });
  });

  it("refuses someone else's upload, an unknown one, a plain http link and a second post on one upload", async () => {
    const others = await uploadPhoto(otherToken);
    const mine = await uploadPhoto();
    await createdPostId(guestToken, { content: 'first', image: mine.url });
    const before = await postCount();
    const refusals: [unknown, string][] = [
      [others.url, apiErrors.mediaNotYours],
      [`/media/${crypto.randomUUID()}.webp`, apiErrors.mediaNotYours],
      ['/media/../spotter.db', apiErrors.mediaNotYours],
      ['http://example.com/squat.jpg', apiErrors.mediaNotYours],
      [mine.url, apiErrors.mediaInUse],
    ];
    for (const [image, message] of refusals) {
      const res = await createPost(guestToken, { content: 'x', image });
      expect(res.statusCode, String(image)).toBe(400);
      expect(res.json()).toEqual({ errors: [message] });
    }
    expect(await postCount()).toBe(before);
    expect((await mediaRow(others.url))?.post_id).toBeNull();
  });

  it('takes a plain https link, of unknown size', async () => {
    const id = await createdPostId(guestToken, { content: 'link', image: 'https://example.com/squat.jpg' });
    const post = postResponseSchema.parse((await t().call('GET', `/api/posts/${id}`)).json()).post;
    expect(post).toMatchObject({ mediaType: 'image', mediaWidth: null, mediaHeight: null });
  });

  it('lets one of two posts racing for the same upload have it', async () => {
    const media = await uploadPhoto();
    const answers = await Promise.all([
      createPost(guestToken, { content: 'one', image: media.url }),
      createPost(guestToken, { content: 'two', image: media.url }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    const posts = await t()
      .db.kysely.selectFrom('posts')
      .select('public_id as id')
      .where('image', '=', media.url)
      .execute();
    expect(posts).toHaveLength(1);
    expect((await mediaRow(media.url))?.post_id).toBe(posts[0]?.id);
  });
});

describe('files follow their post', () => {
  it('keeps the file when only the text changes, deletes the old one when the media changes', async () => {
    const first = await uploadPhoto();
    const id = await createdPostId(guestToken, { content: 'v1', image: first.url, alt: 'first' });

    const textOnly = await t().call('POST', `/api/posts/edit/${id}`, {
      token: guestToken,
      body: { postData: { content: 'v2' } },
    });
    expect(textOnly.statusCode, textOnly.body).toBe(201);
    expect(await storedKeys()).toContain(keyOf(first.url));
    const kept = postResponseSchema.parse((await t().call('GET', `/api/posts/${id}`)).json()).post;
    expect(kept).toMatchObject({ image: first.url, alt: 'first', mediaWidth: 320 });

    const second = await uploadPhoto();
    const swap = await t().call('POST', `/api/posts/edit/${id}`, {
      token: guestToken,
      body: { postData: { image: second.url } },
    });
    expect(swap.statusCode, swap.body).toBe(201);
    const keys = await storedKeys();
    expect(keys).not.toContain(keyOf(first.url));
    expect(keys).toContain(keyOf(second.url));
    expect(await mediaRow(first.url)).toBeUndefined();
    expect((await mediaRow(second.url))?.post_id).toBe(id);

    const cleared = await t().call('POST', `/api/posts/edit/${id}`, {
      token: guestToken,
      body: { postData: { image: '' } },
    });
    expect(cleared.statusCode, cleared.body).toBe(201);
    expect(await storedKeys()).not.toContain(keyOf(second.url));
    expect(await mediaRow(second.url)).toBeUndefined();
  });

  it('deletes the file with its post', async () => {
    const media = await uploadPhoto();
    const id = await createdPostId(guestToken, { content: 'soon gone', image: media.url });
    const res = await t().call('DELETE', `/api/posts/${id}`, { token: guestToken });
    expect(res.statusCode).toBe(routes.deletePost.status);
    expect(await storedKeys()).not.toContain(keyOf(media.url));
    expect(await mediaRow(media.url)).toBeUndefined();
    expect((await t().call('GET', media.url)).statusCode).toBe(404);
  });

  it('a refused edit changes nothing', async () => {
    const media = await uploadPhoto();
    const id = await createdPostId(guestToken, { content: 'stays', image: media.url });
    const others = await uploadPhoto(otherToken);
    const res = await t().call('POST', `/api/posts/edit/${id}`, {
      token: guestToken,
      body: { postData: { image: others.url } },
    });
    expect(res.statusCode).toBe(400);
    expect(await storedKeys()).toContain(keyOf(media.url));
    expect((await mediaRow(media.url))?.post_id).toBe(id);
  });
});

describe('the sweep', () => {
  it('removes uploads no post shows after 24 h, and stored files no row knows', async () => {
    const ctx = { db: t().db, mediaStore: store };
    const log = t().app.log;
    const loose = await uploadPhoto();
    const attached = await uploadPhoto();
    await createdPostId(guestToken, { content: 'kept', image: attached.url });
    // Sweep what earlier tests left, so the counts below are this test's own.
    await sweepMedia(ctx, log, new Date(Date.now() - 60_000));

    const { store: storeConfig } = t().config.media;
    if (storeConfig.kind !== 'local') throw new Error('this test writes into the local store');
    const mediaDir = storeConfig.dir;
    const oldStray = `${crypto.randomUUID()}.webp`;
    const newStray = `${crypto.randomUUID()}.mp4`;
    fs.writeFileSync(path.join(mediaDir, oldStray), 'left by a crash');
    fs.writeFileSync(path.join(mediaDir, newStray), 'being written');
    const twoDaysAgo = new Date(Date.now() - 48 * 3600_000);
    fs.utimesSync(path.join(mediaDir, oldStray), twoDaysAgo, twoDaysAgo);

    expect(await sweepMedia(ctx, log)).toEqual({ unattached: 0, strayFiles: 1 });
    let keys = await storedKeys();
    expect(keys).not.toContain(oldStray);
    expect(keys).toContain(newStray);
    expect(keys).toContain(keyOf(loose.url));

    fs.rmSync(path.join(mediaDir, newStray));
    const tomorrow = new Date(Date.now() + 25 * 3600_000);
    expect((await sweepMedia(ctx, log, tomorrow)).unattached).toBeGreaterThanOrEqual(1);
    keys = await storedKeys();
    expect(keys).not.toContain(keyOf(loose.url));
    expect(await mediaRow(loose.url)).toBeUndefined();
    expect(keys).toContain(keyOf(attached.url));
    expect(await mediaRow(attached.url)).toBeDefined();
  });
});

describe('uploads abandoned by a killed server', () => {
  it('are cleared at start once they are an hour old', async () => {
    const { tmpDir } = t().config.media;
    fs.mkdirSync(tmpDir, { recursive: true });
    const old = path.join(tmpDir, 'killed-mid-upload.upload');
    const current = path.join(tmpDir, 'arriving-now.upload');
    fs.writeFileSync(old, 'half a photo');
    fs.writeFileSync(current, 'a photo arriving');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    fs.utimesSync(old, twoHoursAgo, twoHoursAgo);
    expect(await clearAbandonedUploads(tmpDir)).toBe(1);
    expect(fs.readdirSync(tmpDir)).toEqual(['arriving-now.upload']);
    fs.rmSync(current);
  });
});
