import { apiErrors } from '@spotter/contract';
import sharp, { type Metadata } from 'sharp';
import { HttpError } from '../../errors';
import type { AcceptedMime } from './receive';

/** Longest side of a stored image: sharp enough for a feed on a large screen, light on a phone. */
export const maxImageSide = 2048;

/**
 * Decompression-bomb guard: a small file may claim enormous dimensions. 120 megapixels lets through
 * every phone and camera photo (108 MP sensors included) and refuses the absurd before decoding.
 */
export const maxInputPixels = 120_000_000;

// One libvips thread per image, and no operation cache: a bomb's decoded pixels are freed when its
// job ends (finding 2 saw most of the peak kept after the uploads: decision 017), and an image never
// takes every core from logins and reads. The media lane (lane.ts) bounds how many images are worked on
// at once.
sharp.concurrency(1);
sharp.cache(false);

/** Bytes of one sample for each libvips band format. */
const sampleBytes: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

/**
 * What decoding the image would take, read from its header only: width x height x frames x channels
 * x bytes per sample. A 16-bit RGBA PNG of 10900 x 10900 is under the pixel limit but needs 950 MB.
 */
export async function decodedSize(input: string, animated: boolean): Promise<{ pixels: number; bytes: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false, animated }).metadata();
  } catch {
    throw new HttpError(422, [apiErrors.imageUnreadable]);
  }
  const frames = animated ? (meta.pages ?? 1) : 1;
  const height = animated ? (meta.pageHeight ?? meta.height ?? 0) : (meta.height ?? 0);
  const pixels = (meta.width ?? 0) * height * frames;
  return { pixels, bytes: pixels * (meta.channels ?? 4) * (sampleBytes[meta.depth ?? ''] ?? 4) };
}

export interface CleanedImage {
  width: number;
  height: number;
}

/**
 * Re-encodes an upload as WebP: turned upright by its orientation tag, scaled to at most 2048 px on
 * the long side, and with no metadata at all (sharp writes none unless asked: EXIF with GPS, XMP,
 * IPTC and comments are dropped; colours are converted to sRGB). GIFs and WebPs keep their frames.
 */
export async function cleanImage(
  input: string,
  output: string,
  mime: AcceptedMime,
  maxDecodedBytes: number,
): Promise<CleanedImage> {
  const animated = mime === 'image/gif' || mime === 'image/webp';
  const decoded = await decodedSize(input, animated);
  if (decoded.pixels > maxInputPixels) throw new HttpError(422, [apiErrors.imageTooManyPixels]);
  if (decoded.bytes > maxDecodedBytes) throw new HttpError(422, [apiErrors.imageTooLargeDecoded]);
  try {
    const info = await sharp(input, { limitInputPixels: maxInputPixels, failOn: 'truncated', animated })
      .rotate()
      .resize({ width: maxImageSide, height: maxImageSide, fit: 'inside', withoutEnlargement: true })
      // @NOTE effort 2 of 0-6: on a 12 MP photo the WebP encoder is most of the work, and effort 4 (the
      // default) took much longer than effort 2 for files barely smaller (decision 017, "Measurements").
      .webp({ quality: 82, effort: 2 })
      .toFile(output);
    // An animation's height is that of all its frames stacked: a card shows one frame.
    return { width: info.width, height: info.pageHeight ?? info.height };
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) throw new HttpError(422, [apiErrors.imageTooManyPixels]);
    throw new HttpError(422, [apiErrors.imageUnreadable]);
  }
}
