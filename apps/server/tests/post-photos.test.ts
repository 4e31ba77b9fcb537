import { apiErrors } from '@spotter/contract';
import {
  cardPostResponseSchema,
  mediaResponseSchema,
  postPageSchema,
  postResponseSchema,
  postsResponseSchema,
} from '@spotter/contract/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import * as files from './helpers/media-files';
import { guest } from './helpers/seed-data';
import { useTestApp } from './helpers/test-app';
import { upload } from './helpers/upload';

/**
 * Up to four photos per post (issue 47, item 11; decision 088): `photos` beside the spec's fields,
 * whose `image` (with `alt`, `mediaType` and the size) stays the first photo, in every answer that
 * shows a post. Both engines: the uploads a post claims and the JSON column are SQL.
 */
const t = useTestApp({}, { mediaSweep: false });

let guestToken: string;
let otherToken: string;

beforeAll(async () => {
  guestToken = (await t().login(guest.username, guest.password)).token;
  otherToken = (await t().signup('photos_other')).token;
});

async function uploadPhoto(token = guestToken) {
  const res = await upload(t().app, token, await files.png(), 'a.png', 'image/png');
  expect(res.statusCode, res.body).toBe(201);
  return mediaResponseSchema.parse(res.json()).media;
}

const createPost = (postData: Record<string, unknown>, token = guestToken) =>
  t().call('POST', '/api/posts', { token, body: { postData }, headers: { prefer: 'return=minimal' } });

const editPost = (id: string, postData: Record<string, unknown>, token = guestToken) =>
  t().call('POST', `/api/posts/edit/${id}`, { token, body: { postData }, headers: { prefer: 'return=minimal' } });

async function createdPostId(postData: Record<string, unknown>) {
  const res = await createPost(postData);
  expect(res.statusCode, res.body).toBe(201);
  return cardPostResponseSchema.parse(res.json()).post._id;
}

const fullPost = async (id: string) =>
  postResponseSchema.parse((await t().call('GET', `/api/posts/${id}`)).json()).post;
const card = async (id: string) =>
  cardPostResponseSchema.parse((await t().call('GET', `/api/posts/${id}/card`)).json()).post;

/** Which post each of these uploads is shown by (null: none; undefined: the upload is gone). */
async function shownBy(urls: string[]) {
  const rows = await t()
    .db.kysely.selectFrom('media')
    .leftJoin('posts', 'posts.id', 'media.post_id')
    .select(['media.key', 'posts.public_id as post'])
    .execute();
  const byKey = new Map(rows.map((r) => [r.key, r.post]));
  return urls.map((url) => byKey.get(url.slice(url.lastIndexOf('/') + 1)));
}

describe('a post with several photos', () => {
  it('answers them in order with their alt texts, the first being the spec’s image, in every answer', async () => {
    const [a, b] = [await uploadPhoto(), await uploadPhoto()];
    const link = 'https://example.com/deadlift.jpg';
    const id = await createdPostId({
      content: 'three angles',
      photos: [
        { url: a.url, alt: 'Bar at the knee' },
        { url: link, alt: 'Lockout' },
        { url: b.url }, // no alt
      ],
    });
    const photos = [
      { url: a.url, alt: 'Bar at the knee', width: 320, height: 200 },
      { url: link, alt: 'Lockout', width: null, height: null },
      { url: b.url, alt: null, width: 320, height: 200 },
    ];
    const first = { image: a.url, mediaType: 'image', alt: 'Bar at the knee', mediaWidth: 320, mediaHeight: 200 };
    expect(await fullPost(id)).toMatchObject({ ...first, photos });
    expect(await card(id)).toMatchObject({ ...first, photos });
    const spec = postsResponseSchema.parse((await t().call('GET', '/api/posts')).json()).posts;
    expect(spec.find((p) => p._id === id)).toMatchObject({ ...first, photos });
    const page = postPageSchema.parse((await t().call('GET', `/api/posts/user/${guest.username}?limit=5`)).json());
    expect(page.posts.find((p) => p._id === id)).toMatchObject({ ...first, photos });
    expect(await shownBy([a.url, b.url])).toEqual([id, id]);
  });

  it('answers a one-image post’s image as its one photo, and none for a video or text alone', async () => {
    const photo = await uploadPhoto();
    const single = await createdPostId({ content: 'one', image: photo.url, alt: 'A plate' });
    expect((await card(single)).photos).toEqual([{ url: photo.url, alt: 'A plate', width: 320, height: 200 }]);
    const onePhoto = await createdPostId({ content: 'one, as a list', photos: [{ url: 'https://example.com/a.jpg' }] });
    expect(await fullPost(onePhoto)).toMatchObject({
      image: 'https://example.com/a.jpg',
      alt: null,
      photos: [{ url: 'https://example.com/a.jpg', alt: null, width: null, height: null }],
    });
    const video = await upload(t().app, guestToken, await files.webm(), 'clip.webm', 'video/webm');
    const clip = await createdPostId({ content: 'clip', image: mediaResponseSchema.parse(video.json()).media.url });
    expect((await card(clip)).photos).toEqual([]);
    expect((await card(await createdPostId({ content: 'words' }))).photos).toEqual([]);
  });

  it('is reordered, re-described and trimmed by an edit; the photos left out are deleted', async () => {
    const [a, b, c] = [await uploadPhoto(), await uploadPhoto(), await uploadPhoto()];
    const id = await createdPostId({ content: 'v1', photos: [{ url: a.url }, { url: b.url }, { url: c.url }] });

    const res = await editPost(id, { photos: [{ url: c.url, alt: 'Now first' }, { url: a.url }] });
    expect(res.statusCode, res.body).toBe(201);
    const edited = cardPostResponseSchema.parse(res.json()).post;
    expect(edited).toMatchObject({ image: c.url, alt: 'Now first' });
    expect(edited.photos.map((p) => [p.url, p.alt])).toEqual([
      [c.url, 'Now first'],
      [a.url, null],
    ]);
    expect(await shownBy([a.url, b.url, c.url])).toEqual([id, undefined, id]);

    const cleared = await editPost(id, { content: 'words now', photos: [] });
    expect(cleared.statusCode, cleared.body).toBe(201);
    expect(await card(id)).toMatchObject({ image: null, mediaType: null, alt: null, photos: [] });
    expect(await shownBy([a.url, c.url])).toEqual([undefined, undefined]);
  });

  it('keeps its photos when a client that knows only image edits the text or sends the first image back', async () => {
    const [a, b] = [await uploadPhoto(), await uploadPhoto()];
    const id = await createdPostId({
      content: 'v1',
      photos: [
        { url: a.url, alt: 'one' },
        { url: b.url, alt: 'two' },
      ],
    });
    expect((await editPost(id, { content: 'v2' })).statusCode).toBe(201);
    expect((await editPost(id, { content: 'v3', image: a.url, alt: 'one, better' })).statusCode).toBe(201);
    expect((await card(id)).photos.map((p) => [p.url, p.alt])).toEqual([
      [a.url, 'one, better'],
      [b.url, 'two'],
    ]);
    // A new image replaces them all, as it replaced the one image before.
    const c = await uploadPhoto();
    expect((await editPost(id, { image: c.url })).statusCode).toBe(201);
    expect((await card(id)).photos.map((p) => p.url)).toEqual([c.url]);
    expect(await shownBy([a.url, b.url, c.url])).toEqual([undefined, undefined, id]);
  });

  it('deletes every photo’s upload with the post', async () => {
    const [a, b] = [await uploadPhoto(), await uploadPhoto()];
    const id = await createdPostId({ content: 'gone soon', photos: [{ url: a.url }, { url: b.url }] });
    expect((await t().call('DELETE', `/api/posts/${id}`, { token: guestToken })).statusCode).toBe(201);
    expect(await shownBy([a.url, b.url])).toEqual([undefined, undefined]);
  });
});

describe('photos a post refuses', () => {
  it('refuses five photos, one twice, photos with image, a video, others’ and taken uploads: 400, nothing written', async () => {
    const mine = await Promise.all([1, 2, 3, 4, 5].map(() => uploadPhoto()));
    const taken = await uploadPhoto();
    await createdPostId({ content: 'taken', image: taken.url });
    const others = await uploadPhoto(otherToken);
    const video = mediaResponseSchema.parse(
      (await upload(t().app, guestToken, await files.webm(), 'clip.webm', 'video/webm')).json(),
    ).media;
    const urls = (...list: string[]) => list.map((url) => ({ url }));
    const [m0, m1] = mine.map((m) => m.url) as [string, string];
    const refusals: [Record<string, unknown>, string][] = [
      [{ photos: urls(...mine.map((m) => m.url)) }, 'postData.photos: must hold at most 4 photos'],
      [{ photos: urls(m0, m0) }, 'postData.photos: must not hold a photo twice'],
      [{ photos: urls(m0), image: m1 }, 'postData.photos: cannot be sent with image, mediaType or alt'],
      [{ photos: urls(m0, video.url) }, apiErrors.photoNotImage],
      [{ photos: urls(m0, others.url) }, apiErrors.mediaNotYours],
      [{ photos: urls(m0, taken.url) }, apiErrors.mediaInUse],
      [{ photos: urls(m0, 'http://example.com/squat.jpg') }, apiErrors.mediaNotYours],
      [{ photos: [{ url: m0, alt: 'x'.repeat(1001) }] }, 'postData.photos.0.alt: must be at most 1000 characters'],
    ];
    const before = (await t().db.kysely.selectFrom('posts').select('id').execute()).length;
    for (const [postData, message] of refusals) {
      const res = await createPost({ content: 'refused', ...postData });
      expect(res.statusCode, JSON.stringify(postData)).toBe(400);
      expect(res.json()).toEqual({ errors: [message] });
    }
    expect((await t().db.kysely.selectFrom('posts').select('id').execute()).length).toBe(before);
    expect(await shownBy([m0, m1, others.url, video.url])).toEqual([null, null, null, null]);

    // An edit refused for one photo keeps the post's photos as they were.
    const id = await createdPostId({ content: 'stays', photos: urls(m0, m1) });
    const res = await editPost(id, { photos: urls(m1, others.url) });
    expect(res.statusCode).toBe(400);
    expect((await card(id)).photos.map((p) => p.url)).toEqual([m0, m1]);
    expect(await shownBy([m0, m1, others.url])).toEqual([id, id, null]);
  });
});
