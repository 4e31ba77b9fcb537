import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { apiErrors } from '@spotter/contract';
import { mediaLimitsSchema, mediaResponseSchema } from '@spotter/contract/schemas';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaStore } from '../src/modules/media/create-store';
import type { MediaStore } from '../src/modules/media/store';
import * as files from './helpers/media-files';
import { type LocalS3, startLocalS3 } from './helpers/s3-server';
import { guest } from './helpers/seed-data';
import { startTestApp, type TestApp } from './helpers/test-app';
import { upload } from './helpers/upload';

/** Small limits keep the too-large cases light; the defaults are checked in media-streaming.test.ts. */
const limits = { maxImageBytes: 2 * 1024 * 1024, maxVideoBytes: 3 * 1024 * 1024 };

async function bytesOf(stream: Readable | undefined): Promise<Buffer> {
  if (!stream) throw new Error('no such stored file');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each(['local', 's3'] as const)('uploads on the %s store', (storeKind) => {
  let t: TestApp;
  let dropDb: () => Promise<void>;
  let s3: LocalS3 | undefined;
  /** A second handle on the same folder or bucket: what the tests read back is what was stored. */
  let store: MediaStore;
  let token: string;

  beforeAll(async () => {
    s3 = storeKind === 's3' ? await startLocalS3() : undefined;
    const started = await startTestApp(
      (defaults) => ({ media: { ...defaults.media, ...limits, ...(s3 ? { store: s3.store } : {}) } }),
      { mediaSweep: false },
    );
    t = started.testApp;
    dropDb = started.db.drop;
    store = await createMediaStore(t.config.media.store);
    token = (await t.login(guest.username, guest.password)).token;
  });

  afterAll(async () => {
    store?.close();
    await t?.app.close();
    await dropDb?.();
    await s3?.stop();
  });

  const keyOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
  const stored = async (url: string) => bytesOf(await store.read(keyOf(url)));

  async function uploaded(file: Buffer, filename: string, contentType: string) {
    const res = await upload(t.app, token, file, filename, contentType);
    expect(res.statusCode, res.body).toBe(201);
    return mediaResponseSchema.parse(res.json()).media;
  }

  it('removes EXIF with the GPS position from a phone photo, stored as WebP', async () => {
    const photo = await files.jpegWithGps();
    const original = await sharp(photo).metadata();
    expect(exifReader(original.exif as Buffer).GPSInfo?.GPSLatitude).toEqual([48, 51, 24]);

    const media = await uploaded(photo, 'IMG_0001.jpg', 'image/jpeg');
    expect(media).toMatchObject({ type: 'image', width: 600, height: 400 });
    expect(media.url).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);

    const file = await stored(media.url);
    expect(media.bytes).toBe(file.length);
    const meta = await sharp(file).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(file.includes('PhoneMaker')).toBe(false);
    expect(file.includes('Exif')).toBe(false);
  });

  it('turns a sideways photo upright by its orientation tag', async () => {
    const media = await uploaded(await files.sidewaysJpeg(), 'sideways.jpg', 'image/jpeg');
    expect(media).toMatchObject({ width: 100, height: 300 });
    const { data, info } = await sharp(await stored(media.url))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([100, 300]);
    expect(info.channels).toBe(3);
    const top = [...data.subarray(0, 3)];
    const bottom = [...data.subarray(data.length - 3)];
    expect(top[0]).toBeGreaterThan(200);
    expect(top[2]).toBeLessThan(60);
    expect(bottom[2]).toBeGreaterThan(200);
    expect(bottom[0]).toBeLessThan(60);
  });

  it('scales a 6000×4000 photo down to 2048 px on its long side', async () => {
    const media = await uploaded(await files.largeJpeg(), 'big.jpg', 'image/jpeg');
    expect(media).toMatchObject({ width: 2048, height: 1365 });
    const meta = await sharp(await stored(media.url)).metadata();
    expect([meta.width, meta.height]).toEqual([2048, 1365]);
  });

  it('takes PNG, WebP, AVIF and animated GIF, whatever name and type the client gives', async () => {
    for (const [file, width] of [
      [await files.png(), 320],
      [await files.webp(), 320],
      [await files.avif(), 64],
    ] as const) {
      const media = await uploaded(file, 'notes.txt', 'text/plain');
      expect(media).toMatchObject({ type: 'image', width });
      expect((await sharp(await stored(media.url)).metadata()).format).toBe('webp');
    }
    const gif = await uploaded(await files.animatedGif(), 'lift.gif', 'image/gif');
    expect(gif).toMatchObject({ type: 'image', width: 64, height: 48 });
    const meta = await sharp(await stored(gif.url), { animated: true }).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.pages).toBe(5);
  });

  it('removes the location and every other tag from an MP4, keeping picture and sound', async () => {
    const clip = await files.mp4WithLocation();
    expect((await files.probe(clip)).format.tags).toMatchObject({ location: '+48.8000+002.3000/', title: 'Home gym' });

    const media = await uploaded(clip, 'clip.mov', 'video/quicktime');
    expect(media).toMatchObject({ type: 'video', width: 320, height: 240 });
    expect(media.url).toMatch(/\.mp4$/);
    const file = await stored(media.url);
    expect(media.bytes).toBe(file.length);
    const probed = await files.probe(file);
    expect(probed.format.format_name).toContain('mp4');
    const tags = JSON.stringify([probed.format.tags, ...probed.streams.map((s) => s.tags)]);
    expect(tags).not.toMatch(/location|48\.8|Home gym|secret|encoder/i);
    expect(probed.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    // faststart: the index comes before the data, so playback starts before the download ends.
    expect(file.indexOf('moov')).toBeLessThan(file.indexOf('mdat'));
  });

  it('stores a WebM as WebM', async () => {
    const media = await uploaded(await files.webm(), 'clip.webm', 'video/webm');
    expect(media).toMatchObject({ type: 'video', width: 160, height: 120 });
    expect(media.url).toMatch(/\.webm$/);
    expect((await files.probe(await stored(media.url))).format.format_name).toContain('webm');
  });

  it('serves a stored file with its type, nosniff, immutable caching and byte ranges', async () => {
    const media = await uploaded(await files.mp4WithLocation(), 'clip.mp4', 'video/mp4');
    const whole = await t.app.inject({ method: 'GET', url: media.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(await stored(media.url))).toBe(true);

    const part = await t.app.inject({ method: 'GET', url: media.url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${media.bytes}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 200))).toBe(true);

    const past = await t.app.inject({
      method: 'GET',
      url: media.url,
      headers: { range: `bytes=${media.bytes + 10}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${media.bytes}`);

    const image = await uploaded(await files.png(), 'a.png', 'image/png');
    expect((await t.app.inject({ method: 'GET', url: image.url })).headers['content-type']).toBe('image/webp');
  });

  it('answers 404 for a file that is not there or a name that is not a media key', async () => {
    for (const url of [
      '/media/00000000-0000-4000-8000-000000000000.webp',
      '/media/..%2Fspotter.db',
      '/media/spotter.db',
      '/media/.hidden',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  describe('refuses bad input with a clear error and leaves nothing behind', () => {
    const snapshot = async () => {
      const keys: string[] = [];
      for await (const file of store.list()) keys.push(file.key);
      const media = await t.db.kysely.selectFrom('media').select('id').execute();
      const tmp = fs.existsSync(t.config.media.tmpDir) ? fs.readdirSync(t.config.media.tmpDir) : [];
      return { keys: keys.sort(), media: media.length, tmp };
    };

    const padded = (head: Buffer, bytes: number) => Buffer.concat([head, Buffer.alloc(bytes - head.length, 7)]);

    const cases: [string, () => Promise<{ statusCode: number; json(): unknown }>, number, string][] = [
      [
        'a text file named like a photo',
        async () => upload(t.app, token, Buffer.from('just some text, not a photo'.repeat(50)), 'x.jpg', 'image/jpeg'),
        415,
        apiErrors.unsupportedFileType,
      ],
      [
        'an SVG (scriptable) sent as a PNG',
        async () =>
          upload(
            t.app,
            token,
            Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
            'x.png',
            'image/png',
          ),
        415,
        apiErrors.unsupportedFileType,
      ],
      [
        'a photo over the image limit',
        async () =>
          upload(t.app, token, padded(await files.jpegWithGps(), limits.maxImageBytes + 1), 'x.jpg', 'image/jpeg'),
        413,
        apiErrors.imageTooLarge,
      ],
      [
        'a video over the video limit',
        async () =>
          upload(t.app, token, padded(await files.mp4WithLocation(), limits.maxVideoBytes + 1), 'x.mp4', 'video/mp4'),
        413,
        apiErrors.videoTooLarge,
      ],
      [
        'a truncated JPEG',
        async () => upload(t.app, token, await files.truncatedJpeg(), 'cut.jpg', 'image/jpeg'),
        422,
        apiErrors.imageUnreadable,
      ],
      [
        'a decompression bomb',
        async () => upload(t.app, token, files.pixelBombPng(), 'bomb.png', 'image/png'),
        422,
        apiErrors.imageTooManyPixels,
      ],
      [
        'an MP4 whose insides are garbage',
        async () => {
          const clip = await files.mp4WithLocation();
          return upload(t.app, token, padded(clip.subarray(0, 32), 20_000), 'x.mp4', 'video/mp4');
        },
        422,
        apiErrors.videoUnreadable,
      ],
      [
        'an empty file',
        async () => upload(t.app, token, Buffer.alloc(0), 'empty.jpg', 'image/jpeg'),
        400,
        apiErrors.emptyFile,
      ],
      [
        'a form with no file',
        async () => upload(t.app, token, [{ field: 'caption', data: 'leg day' }]),
        400,
        apiErrors.noFile,
      ],
      [
        'a file in another field',
        async () => upload(t.app, token, [{ field: 'photo', data: await files.png(), filename: 'a.png' }]),
        400,
        apiErrors.noFile,
      ],
      [
        'a request with no body',
        async () => t.app.inject({ method: 'POST', url: '/api/media', headers: { authorization: token } }),
        400,
        apiErrors.noFile,
      ],
      [
        'JSON instead of a form',
        async () => t.call('POST', '/api/media', { token, body: { file: 'data:image/png;base64,AAAA' } }),
        400,
        apiErrors.noFile,
      ],
      [
        'no token',
        async () => upload(t.app, undefined, await files.png(), 'a.png', 'image/png'),
        401,
        apiErrors.invalidToken,
      ],
    ];

    it.each(cases)('%s', async (_name, send, status, message) => {
      const before = await snapshot();
      const res = await send();
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ errors: [message] });
      expect(await snapshot()).toEqual(before);
      expect(before.tmp).toEqual([]);
    });
  });
});

describe('GET /api/media/limits', () => {
  it('tells the composer the sizes and types it may send, public', async () => {
    const { testApp, db } = await startTestApp({}, { mediaSweep: false });
    try {
      const res = await testApp.call('GET', '/api/media/limits');
      expect(res.statusCode).toBe(200);
      expect(mediaLimitsSchema.parse(res.json())).toEqual({
        imageMaxBytes: 15 * 1024 * 1024,
        videoMaxBytes: 50 * 1024 * 1024,
        imageTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'],
        videoTypes: ['video/mp4', 'video/webm'],
        kinds: ['image', 'video'],
      });
    } finally {
      await testApp.app.close();
      await db.drop();
    }
  });
});
