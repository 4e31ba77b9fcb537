import { apiErrors } from '@spotter/contract';
import { describe, expect, it } from 'vitest';
import { acceptAttribute, checkMediaFile } from './media-check';
import { defaultMediaLimits } from './media-limits';

const mb = 1024 * 1024;

describe('checkMediaFile', () => {
  it('accepts photos and videos of the accepted types within their limits', () => {
    expect(checkMediaFile({ type: 'image/jpeg', size: 2 * mb }, defaultMediaLimits)).toEqual({
      ok: true,
      type: 'image',
    });
    expect(checkMediaFile({ type: 'video/webm', size: 40 * mb }, defaultMediaLimits)).toEqual({
      ok: true,
      type: 'video',
    });
  });

  it('refuses another type before sending it', () => {
    const check = checkMediaFile({ type: 'application/pdf', size: 1000 }, defaultMediaLimits);
    expect(check).toEqual({
      ok: false,
      message: 'This file type is not supported. Choose a photo (JPEG, PNG, WebP, GIF, AVIF) or a video (MP4, WebM).',
    });
  });

  it('refuses a photo over the image limit and a video over the video limit, saying the limit', () => {
    expect(checkMediaFile({ type: 'image/png', size: 16 * mb }, defaultMediaLimits)).toEqual({
      ok: false,
      message: 'This photo is too large (16 MB): the limit is 15 MB.',
    });
    expect(checkMediaFile({ type: 'video/mp4', size: 51 * mb }, defaultMediaLimits)).toEqual({
      ok: false,
      message: 'This video is too large (51 MB): the limit is 50 MB.',
    });
    // A 16 MB file is a fine video: the limit depends on the kind.
    expect(checkMediaFile({ type: 'video/mp4', size: 16 * mb }, defaultMediaLimits).ok).toBe(true);
  });

  it('refuses an empty file', () => {
    expect(checkMediaFile({ type: 'image/gif', size: 0 }, defaultMediaLimits)).toEqual({
      ok: false,
      message: 'This file is empty.',
    });
  });

  it('follows the limits the server announces', () => {
    const strict = { ...defaultMediaLimits, imageMaxBytes: mb, imageTypes: ['image/webp'] };
    expect(checkMediaFile({ type: 'image/webp', size: 2 * mb }, strict).ok).toBe(false);
    expect(checkMediaFile({ type: 'image/jpeg', size: 1000 }, strict).ok).toBe(false);
    expect(acceptAttribute(strict)).toBe('image/webp,video/mp4,video/webm');
  });

  it('offers and takes photos only on a server without video, saying why a video is refused', () => {
    const photosOnly = { ...defaultMediaLimits, kinds: ['image' as const] };
    expect(acceptAttribute(photosOnly)).toBe('image/jpeg,image/png,image/webp,image/gif,image/avif');
    expect(checkMediaFile({ type: 'video/mp4', size: mb }, photosOnly)).toEqual({
      ok: false,
      message: apiErrors.videoUploadsOff,
    });
    expect(checkMediaFile({ type: 'application/pdf', size: mb }, photosOnly)).toEqual({
      ok: false,
      message: 'This file type is not supported. Choose a photo (JPEG, PNG, WebP, GIF, AVIF).',
    });
    expect(checkMediaFile({ type: 'image/png', size: mb }, photosOnly)).toEqual({ ok: true, type: 'image' });
  });
});
