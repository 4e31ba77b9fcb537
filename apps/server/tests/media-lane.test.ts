import { apiErrors } from '@spotter/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaLane } from '../src/modules/media/lane';
import * as files from './helpers/media-files';
import { guest } from './helpers/seed-data';
import { startTestApp, type TestApp, useTestApp } from './helpers/test-app';
import { upload } from './helpers/upload';

// Issue 17, finding 2: image work starved logins, a 16-bit RGBA bomb under 120 MP passed the pixel
// limit, and nobody's storage was bounded.

const mediaRows = (t: TestApp) =>
  t.db.kysely
    .selectFrom('media')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));

describe('the media lane', () => {
  let t: TestApp;
  let drop: () => Promise<void>;
  let token: string;
  // One job at a time, none waiting: while the test holds the lane, every upload is refused.
  const lane = createMediaLane({ concurrency: 1, queueMax: 0, waitSeconds: 60 });
  let release: () => void = () => undefined;
  let holding: Promise<unknown> = Promise.resolve();

  beforeAll(async () => {
    const started = await startTestApp({}, { mediaSweep: false, mediaLane: lane });
    t = started.testApp;
    drop = started.db.drop;
    token = (await t.login(guest.username, guest.password)).token;
  });
  afterAll(async () => {
    release();
    await t?.app.close();
    await drop?.();
  });

  const hold = () => {
    holding = lane.run(() => new Promise<void>((resolve) => (release = resolve)));
  };

  it('a full lane answers an upload 503 with Retry-After and a clear message, and keeps nothing of it', async () => {
    hold();
    const before = await mediaRows(t);
    const res = await upload(t.app, token, await files.png(), 'a.png', 'image/png');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('15');
    expect(res.json()).toEqual({ errors: [apiErrors.mediaBusy] });
    expect(await mediaRows(t)).toBe(before);
    release();
    await holding;
  });

  it('logins and reads are answered while the lane is full', async () => {
    hold();
    const login = await t.call('POST', '/api/auth/login', {
      body: { username: guest.username, password: guest.password },
    });
    expect(login.statusCode).toBe(200);
    expect((await t.call('GET', '/api/posts?limit=5')).statusCode).toBe(200);
    release();
    await holding;
  });

  it('once the lane is free, the same upload is accepted', async () => {
    const res = await upload(t.app, token, await files.png(), 'a.png', 'image/png');
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('the pixel budget counts bit depth and channels', () => {
  const side = 400;
  // Room for a 400 x 400 RGBA image at 8 bits a channel (640,000 bytes), not at 16 (1,280,000).
  const t = useTestApp((defaults) => ({ media: { ...defaults.media, maxDecodedBytes: side * side * 4 + 1000 } }), {
    mediaSweep: false,
  });
  let token: string;
  beforeAll(async () => {
    token = (await t().login(guest.username, guest.password)).token;
  });

  it('the same size at 16 bits a channel is refused with 422 and a clear message; at 8 bits it is stored', async () => {
    const before = await mediaRows(t());
    const deep = await upload(t().app, token, await files.deepRgbaPng(side, side), 'deep.png', 'image/png');
    expect(deep.statusCode).toBe(422);
    expect(deep.json()).toEqual({ errors: [apiErrors.imageTooLargeDecoded] });
    expect(await mediaRows(t())).toBe(before);
    const shallow = await upload(t().app, token, await files.rgbaPng(side, side), 'rgba.png', 'image/png');
    expect(shallow.statusCode, shallow.body).toBe(201);
  });
});

describe('the default pixel budget', () => {
  const t = useTestApp({}, { mediaSweep: false });
  let token: string;
  beforeAll(async () => {
    token = (await t().login(guest.username, guest.password)).token;
  });

  it('refuses the 16-bit RGBA bomb of 10900 x 10900 (under 120 MP, 950 MB decoded) before decoding it', async () => {
    expect(t().config.media.maxDecodedBytes).toBe(400 * 1024 * 1024);
    const res = await upload(t().app, token, files.deepRgbaBombPng(), 'bomb.png', 'image/png');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: [apiErrors.imageTooLargeDecoded] });
  });

  it('a bomb over 120 MP is still named for its pixels', async () => {
    const res = await upload(t().app, token, files.pixelBombPng(), 'bomb.png', 'image/png');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: [apiErrors.imageTooManyPixels] });
  });
});

describe('the per-person storage quota', () => {
  const quota = 6_000;
  const t = useTestApp((defaults) => ({ media: { ...defaults.media, quotaBytes: quota } }), { mediaSweep: false });

  it('uploads count until the quota; the one that would pass it is refused with 413 and a clear message', async () => {
    const { token } = await t().signup('quota_filler', 'quota-filler-pw');
    let stored = 0;
    for (;;) {
      const res = await upload(t().app, token, await files.png(), 'a.png', 'image/png');
      if (res.statusCode !== 201) {
        expect(res.statusCode).toBe(413);
        expect(res.json()).toEqual({ errors: [apiErrors.storageQuotaFull] });
        break;
      }
      stored += res.json().media.bytes as number;
      expect(stored).toBeLessThanOrEqual(quota);
    }
    expect(stored).toBeGreaterThan(0);
    const { token: other } = await t().signup('quota_other', 'quota-other-pw');
    expect((await upload(t().app, other, await files.png(), 'a.png', 'image/png')).statusCode).toBe(201);
  });
});
