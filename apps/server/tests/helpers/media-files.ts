import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { testVideoTools } from './video-tools';

const run = promisify(execFile);

/** Files made by the tests themselves: nothing binary is checked in. */

const solid = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } });

/** A phone photo: EXIF with the camera and the GPS position of where it was taken. */
export const jpegWithGps = () =>
  solid(600, 400, '#c33')
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Pocket 9', Software: 'Camera 1.0' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2400/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 0/1',
      },
    })
    .toBuffer();

/** Stored sideways (left half red, right half blue) with orientation 6: upright it is 100×300, red on top. */
export const sidewaysJpeg = () =>
  solid(300, 100, '#f00')
    .composite([{ input: { create: { width: 150, height: 100, channels: 3, background: '#00f' } }, left: 150, top: 0 }])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();

export const largeJpeg = () => solid(6000, 4000, '#3a6').jpeg().toBuffer();
export const png = () => solid(320, 200, '#36c').png().toBuffer();
export const webp = () => solid(320, 200, '#963').webp().toBuffer();
export const avif = () => solid(64, 48, '#639').avif().toBuffer();

/** A JPEG cut in the middle, as an interrupted transfer leaves it. */
export async function truncatedJpeg() {
  const whole = await solid(800, 600, '#777').jpeg({ quality: 95 }).toBuffer();
  return whole.subarray(0, Math.floor(whole.length / 2));
}

/**
 * A decompression bomb: a valid PNG of a few hundred bytes that claims 30000×30000 pixels (900 MP,
 * 2.7 GB once decoded).
 */
export const pixelBombPng = (): Buffer => pngHeaderOnly(30_000, 30_000, 8, 2);

/**
 * Issue 17, finding 2: 10900 x 10900 RGBA at 16 bits, just under the 120 MP limit, but 950 MB once
 * decoded; a file of a few hundred bytes.
 */
export const deepRgbaBombPng = (): Buffer => pngHeaderOnly(10_900, 10_900, 16, 6);

/** A real 16-bit RGBA PNG, small. */
export const deepRgbaPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: '#36c8' } })
    .png()
    .toColourspace('rgb16')
    .toBuffer();

/** A real 8-bit RGBA PNG, small. */
export const rgbaPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: '#36c8' } })
    .png()
    .toBuffer();

/** A PNG whose header claims the given size and format, with almost no pixel data. */
function pngHeaderOnly(width: number, height: number, bitDepth: number, colourType: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = colourType; // 2: RGB, 6: RGBA
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Runs ffmpeg to make a file and answers its bytes. */
async function ffmpegFile(extension: string, args: string[]): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'spotter-media-'));
  const file = path.join(dir, `out.${extension}`);
  try {
    await run(testVideoTools.ffmpegPath, ['-v', 'error', '-nostdin', ...args, '-y', file]);
    return await fs.readFile(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const testPicture = (size: string) => ['-f', 'lavfi', '-i', `testsrc=size=${size}:rate=10`];

/** A 1 s MP4 (H.264 + AAC) tagged with where and by what it was filmed. */
export const mp4WithLocation = () =>
  ffmpegFile('mp4', [
    ...testPicture('320x240'),
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1'],
    ...['-t', '1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ...['-metadata', 'location=+48.8+002.3/', '-metadata', 'title=Home gym', '-metadata', 'comment=secret'],
  ]);

/** A 1 s WebM (VP8). */
export const webm = () =>
  ffmpegFile('webm', [...testPicture('160x120'), '-t', '1', '-c:v', 'libvpx', '-b:v', '200k', '-deadline', 'realtime']);

/** An animated GIF of 5 frames. */
export const animatedGif = () => ffmpegFile('gif', [...testPicture('64x48'), '-t', '0.5']);

/** What ffprobe says of a file: its container tags and streams. */
export async function probe(file: Buffer): Promise<{
  format: { format_name: string; tags?: Record<string, string> };
  streams: { codec_type: string; width?: number; height?: number; tags?: Record<string, string> }[];
}> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'spotter-probe-'));
  const input = path.join(dir, 'in');
  try {
    await fs.writeFile(input, file);
    const { stdout } = await run(testVideoTools.ffprobePath, [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      input,
    ]);
    return JSON.parse(stdout);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
