import crypto from 'node:crypto';

/** What the server stores: every image becomes WebP; videos keep their container. */
export const storedFormats = {
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
} as const;
export type StoredFormat = keyof typeof storedFormats;

/** A stored file's name: a random UUID and its format, nothing the uploader chose. */
const keyPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.(webp|mp4|webm)$/;

export const newMediaKey = (format: StoredFormat) => `${crypto.randomUUID()}.${format}`;

export const isMediaKey = (value: string) => keyPattern.test(value);

/**
 * The media types a remote file may have (decision 101), each with the extension it is stored
 * under. SVG is left out: it is a document that can carry script, not a picture.
 */
export const remoteMediaTypes: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
};

/**
 * A cached remote file's name in the store: in a folder of its own (so the sweep of files no row
 * knows, which lists only upload keys, never takes it), named by the sha256 of its origin URL.
 */
const remoteKeyPattern = /^remote\/[0-9a-f]{64}\.(jpg|png|gif|webp|avif|mp4|webm)$/;

export const remoteStoreKey = (hash: string, contentType: string) =>
  `remote/${hash}.${remoteMediaTypes[contentType] ?? 'bin'}`;

/** Any name the store may hold: an upload's key or a cached remote file's. */
export const isStoreKey = (value: string) => keyPattern.test(value) || remoteKeyPattern.test(value);

export function contentTypeOfKey(key: string): string {
  const format = key.slice(key.lastIndexOf('.') + 1) as StoredFormat;
  return storedFormats[format] ?? 'application/octet-stream';
}

/** A stored file never changes: a new upload gets a new key. */
export const immutableCaching = 'public, max-age=31536000, immutable';

/** The path this server serves every stored file under, whatever the store. */
export const mediaRoutePrefix = '/media';

/** A key's URL, under MEDIA_PUBLIC_URL or this server's /media. */
export const mediaUrl = (publicUrl: string, key: string) => `${publicUrl}/${key}`;

/**
 * The key a URL points at when it names one of our stored files (under the public URL, or this
 * server's own /media path, which serves them too), else undefined.
 */
export function keyOfMediaUrl(publicUrl: string, url: string): string | undefined {
  for (const base of new Set([publicUrl, mediaRoutePrefix])) {
    if (!url.startsWith(`${base}/`)) continue;
    const key = url.slice(base.length + 1);
    if (isMediaKey(key)) return key;
  }
  return undefined;
}

/** A URL under our media space (even one naming no real file): never taken as a plain link. */
export const isUnderMediaUrl = (publicUrl: string, url: string) =>
  url.startsWith(`${publicUrl}/`) || url.startsWith(`${mediaRoutePrefix}/`);
