import fs from 'node:fs';
import path from 'node:path';
import { apiErrors } from '@spotter/contract';
import { mediaLimitsSchema, mediaResponseSchema } from '@spotter/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPosts } from '../src/seed/data';
import * as files from './helpers/media-files';
import { guest } from './helpers/seed-data';
import { freePort, type ServerProcess, startServerProcess } from './helpers/server-process';
import { createTestDatabase, type TestDatabase, testDbKind } from './helpers/test-db';

/**
 * A fresh machine has no ffmpeg: the server must start anyway, photos only, and say so once in its
 * log, to clients (GET /api/media/limits) and to whoever sends a video. A real process, started as
 * `npm start` starts it, with FFMPEG_PATH pointing at nothing.
 */
describe(`a server without ffmpeg (${testDbKind})`, () => {
  let database: TestDatabase;
  let server: ServerProcess;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startServerProcess({
      port: await freePort(),
      dataDir: database.dataDir,
      databaseUrl: database.database.kind === 'postgres' ? database.database.url : undefined,
      seed: true,
      env: { FFMPEG_PATH: path.join(database.dataDir, 'no-such-ffmpeg') },
    });
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(guest),
    });
    token = ((await login.json()) as { encodedToken: string }).encodedToken;
  });

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  /** Every file under DATA_DIR/media and the uploads in progress. */
  const mediaFiles = () =>
    ['media', 'uploads-in-progress'].flatMap((dir) => {
      const full = path.join(database.dataDir, dir);
      return fs.existsSync(full) ? fs.readdirSync(full).map((name) => `${dir}/${name}`) : [];
    });

  const uploadFile = (data: Buffer, filename: string, type: string) => {
    const form = new FormData();
    form.append('file', new Blob([data], { type }), filename);
    return fetch(`${server.url}/api/media`, { method: 'POST', headers: { authorization: token }, body: form });
  };

  it('starts, serves the seed posts and says in one warning line that video is off and how to turn it on', async () => {
    const posts = await fetch(`${server.url}/api/posts`);
    expect(posts.status).toBe(200);
    expect(((await posts.json()) as { posts: unknown[] }).posts).toHaveLength(seedPosts.length);

    const said = server.lines.filter((line) => line.includes('Video uploads are off'));
    expect(said).toHaveLength(1);
    const entry = JSON.parse(said[0] ?? '{}') as { level: number; msg: string };
    expect(entry.level).toBe(40);
    expect(entry.msg).toBe(
      `Video uploads are off: ffmpeg was not found (tried "${path.join(database.dataDir, 'no-such-ffmpeg')}"). ` +
        "To turn them on, install ffmpeg from your system's packages (Debian/Ubuntu: apt-get install ffmpeg) " +
        'or set FFMPEG_PATH to its path, then restart Spotter. Photos work as usual.',
    );
  });

  it('tells clients it takes photos only', async () => {
    const res = await fetch(`${server.url}/api/media/limits`);
    expect(res.status).toBe(200);
    expect(mediaLimitsSchema.parse(await res.json()).kinds).toEqual(['image']);
  });

  it('refuses a video with a 415 saying video uploads are off, and keeps nothing of it', async () => {
    const before = mediaFiles();
    for (const [clip, name, type] of [
      [await files.mp4WithLocation(), 'squat.mp4', 'video/mp4'],
      [await files.webm(), 'run.webm', 'video/webm'],
    ] as const) {
      const res = await uploadFile(clip, name, type);
      expect(res.status, name).toBe(415);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ errors: [apiErrors.videoUploadsOff] });
    }
    expect(mediaFiles()).toEqual(before);
  });

  it('still takes photos', async () => {
    const res = await uploadFile(await files.jpegWithGps(), 'bench.jpg', 'image/jpeg');
    expect(res.status).toBe(201);
    const { media } = mediaResponseSchema.parse(await res.json());
    expect(media.type).toBe('image');
    const served = await fetch(`${server.url}${media.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
  });
});
