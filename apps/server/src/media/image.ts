import { apiErrors } from '@spotter/contract';
import sharp from 'sharp';
import { HttpError } from '../errors';
import type { AcceptedMime } from './receive';

/** Longest side of a stored image: sharp enough for a feed on a large screen, light on a phone. */
export const maxImageSide = 2048;

/**
 * Decompression-bomb guard: a small file may claim enormous dimensions. 120 megapixels lets through
 * every phone and camera photo (108 MP sensors included) and refuses the absurd before decoding.
 */
export const maxInputPixels = 120_000_000;

export interface CleanedImage {
  width: number;
  height: number;
}

/**
 * Re-encodes an upload as WebP: turned upright by its orientation tag, scaled to at most 2048 px on
 * the long side, and with no metadata at all (sharp writes none unless asked: EXIF with GPS, XMP,
 * IPTC and comments are dropped; colours are converted to sRGB). GIFs and WebPs keep their frames.
 */
export async function cleanImage(input: string, output: string, mime: AcceptedMime): Promise<CleanedImage> {
  const animated = mime === 'image/gif' || mime === 'image/webp';
  try {
    const info = await sharp(input, { limitInputPixels: maxInputPixels, failOn: 'truncated', animated })
      .rotate()
      .resize({ width: maxImageSide, height: maxImageSide, fit: 'inside', withoutEnlargement: true })
      // @NOTE effort 2 of 0-6: on a 12 MP photo the WebP encoder is most of the work; measured here,
      // effort 4 (the default) took ~1.5x the time of effort 2 for files ~3% smaller.
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
