/**
 * Media figures for `npm run bench`: how long the server takes to clean a 12-megapixel phone photo,
 * and how many 1 MB photo uploads per second it takes over HTTP. bench/run.ts calls
 * `runMediaBench()`; `npx tsx bench/figures/media.ts` runs it alone.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { buildApp } from '../../apps/server/src/app';
import { envToConfig } from '../../apps/server/src/config';
import { cleanImage } from '../../apps/server/src/modules/media/image';

export interface MediaBenchResult {
  jpeg12mpMs: number;
  uploadsPerSecond1mb: number;
}

export interface MediaBenchOptions {
  /** Port of the server under test on 127.0.0.1 (0: any free one). */
  port?: number;
  /** How long the upload loop runs. */
  uploadSeconds?: number;
  /** Uploads in flight at once. */
  concurrency?: number;
  /** Timed runs of the 12 MP photo (the median is reported). */
  photoRuns?: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * A photo-like JPEG: smooth texture (noise scaled up) rather than flat colour, which would flatter
 * the decoder, or pure noise, which no camera produces; with EXIF and GPS like a phone's.
 */
async function photoLikeJpeg(width: number, height: number, quality: number): Promise<Buffer> {
  const texture = await sharp({
    create: {
      width: Math.ceil(width / 8),
      height: Math.ceil(height / 8),
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  return sharp(texture)
    .resize(width, height, { kernel: 'cubic' })
    .jpeg({ quality })
    .withExif({ IFD0: { Make: 'Bench' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100' } })
    .toBuffer();
}

/** A phone photo of about 1 MB (the quality is searched so the size is right, not the dimensions). */
async function oneMegabytePhoto(): Promise<Buffer> {
  let best = await photoLikeJpeg(2000, 1500, 90);
  for (const quality of [95, 90, 85, 80, 75, 70, 60, 50]) {
    const photo = await photoLikeJpeg(2000, 1500, quality);
    if (Math.abs(photo.length - 1_048_576) < Math.abs(best.length - 1_048_576)) best = photo;
  }
  return best;
}

async function timePhotoCleaning(dir: string, runs: number): Promise<number> {
  const input = path.join(dir, 'photo-12mp.jpg');
  fs.writeFileSync(input, await photoLikeJpeg(4000, 3000, 90));
  const output = path.join(dir, 'photo-12mp.webp');
  const times: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const start = performance.now();
    await cleanImage(input, output, 'image/jpeg', Number.POSITIVE_INFINITY);
    // The first run warms libvips up and is not counted.
    if (i > 0) times.push(performance.now() - start);
  }
  return median(times);
}

async function measureUploads(dir: string, options: Required<MediaBenchOptions>): Promise<number> {
  const config = {
    ...envToConfig({ DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'silent', SEED: 'false', RATE_LIMITS: 'false' }),
    port: options.port,
    host: '127.0.0.1',
  };
  const app = await buildApp(config, { mediaSweep: false });
  try {
    await app.listen({ port: options.port, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const signup = await fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstname: 'Bench', lastname: 'Mark', username: 'bench', password: 'bench-password-1' }),
    });
    const { encodedToken } = (await signup.json()) as { encodedToken: string };
    const photo = new Blob([new Uint8Array(await oneMegabytePhoto())], { type: 'image/jpeg' });

    let done = 0;
    const start = performance.now();
    const deadline = start + options.uploadSeconds * 1000;
    const worker = async () => {
      while (performance.now() < deadline) {
        const form = new FormData();
        form.append('file', photo, 'photo.jpg');
        const res = await fetch(`${base}/api/media`, {
          method: 'POST',
          headers: { authorization: encodedToken },
          body: form,
        });
        await res.arrayBuffer();
        if (res.status !== 201) throw new Error(`upload answered ${res.status}`);
        done += 1;
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));
    return done / ((performance.now() - start) / 1000);
  } finally {
    await app.close();
  }
}

export async function runMediaBench(options: MediaBenchOptions = {}): Promise<MediaBenchResult> {
  const settings: Required<MediaBenchOptions> = {
    port: options.port ?? 0,
    uploadSeconds: options.uploadSeconds ?? 8,
    concurrency: options.concurrency ?? 4,
    photoRuns: options.photoRuns ?? 5,
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-media-bench-'));
  try {
    const jpeg12mpMs = await timePhotoCleaning(dir, settings.photoRuns);
    const uploadsPerSecond1mb = await measureUploads(dir, settings);
    return { jpeg12mpMs: Math.round(jpeg12mpMs), uploadsPerSecond1mb: Math.round(uploadsPerSecond1mb * 10) / 10 };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${path.resolve(process.argv[1])}`).href) {
  const port = Number(process.env.BENCH_MEDIA_PORT ?? 0);
  runMediaBench({ port }).then(
    (result) => console.log(JSON.stringify(result)),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
