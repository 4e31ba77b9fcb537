import { apiErrors, type MediaLimits, type MediaType } from '@spotter/contract';

export type MediaCheck = { ok: true; type: MediaType } | { ok: false; message: string };

const mb = 1024 * 1024;

function sizeText(bytes: number): string {
  return `${Math.round((bytes / mb) * 10) / 10} MB`;
}

/**
 * Refuses, before a single byte is sent, a file the server would refuse for its type or size. The
 * server still decides by the file's bytes; this only spares a pointless upload.
 */
export function checkMediaFile(file: Pick<File, 'type' | 'size'>, limits: MediaLimits): MediaCheck {
  const type: MediaType | null = limits.imageTypes.includes(file.type)
    ? 'image'
    : limits.videoTypes.includes(file.type)
      ? 'video'
      : null;
  const videoOn = limits.kinds.includes('video');
  if (!type) {
    return {
      ok: false,
      message: videoOn
        ? 'This file type is not supported. Choose a photo (JPEG, PNG, WebP, GIF, AVIF) or a video (MP4, WebM).'
        : 'This file type is not supported. Choose a photo (JPEG, PNG, WebP, GIF, AVIF).',
    };
  }
  if (type === 'video' && !videoOn) return { ok: false, message: apiErrors.videoUploadsOff };
  if (file.size === 0) return { ok: false, message: 'This file is empty.' };
  const max = type === 'image' ? limits.imageMaxBytes : limits.videoMaxBytes;
  if (file.size > max) {
    return {
      ok: false,
      message: `This ${type === 'image' ? 'photo' : 'video'} is too large (${sizeText(file.size)}): the limit is ${sizeText(max)}.`,
    };
  }
  return { ok: true, type };
}

/** The `accept` attribute of the picker: every type the server takes now. */
export const acceptAttribute = (limits: MediaLimits) =>
  [...limits.imageTypes, ...(limits.kinds.includes('video') ? limits.videoTypes : [])].join(',');
