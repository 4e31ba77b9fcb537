import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { apiErrors, type Media } from '@spotter/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { nowIso } from '../../db/time';
import { HttpError } from '../../errors';
import { cleanImage } from './image';
import { mediaUrl, newMediaKey, type StoredFormat, storedFormats } from './keys';
import { deleteMediaRow, insertMedia, storedBytesOf } from './queries/media';
import { receiveUpload } from './receive';
import { cleanVideo } from './video';

/** The per-person quota (MEDIA_QUOTA_MB): 413 once what they store, with this upload, would pass it. */
async function checkQuota(ctx: AppContext, ownerId: Key, adding: number): Promise<void> {
  const quota = ctx.config.media.quotaBytes;
  if (quota > 0 && (await storedBytesOf(ctx.db, ownerId)) + adding > quota) {
    throw new HttpError(413, [apiErrors.storageQuotaFull]);
  }
}

export interface UploadOptions {
  /** The alt text of the upload, from the form's other fields; throwing refuses the upload before it is cleaned. */
  describe?: (fields: Readonly<Record<string, string>>) => string | null;
}

/**
 * POST /api/media from start to end: refuse early (a full quota, a full media lane), receive
 * (refusing early), clean in the media lane, record, store. The row is written before the file so a
 * file never exists without one; if storing fails the row goes too. Temporary files are removed
 * whatever happens.
 */
export async function acceptUpload(
  ctx: AppContext,
  request: FastifyRequest,
  ownerId: Key,
  options: UploadOptions = {},
): Promise<Media> {
  const { media: config } = ctx.config;
  await checkQuota(ctx, ownerId, 1);
  ctx.mediaLane.admit();
  const received = await receiveUpload(request, config, ctx.videoUploads);
  const format: StoredFormat = received.kind === 'image' ? 'webp' : received.mime === 'video/webm' ? 'webm' : 'mp4';
  const key = newMediaKey(format);
  const cleanedPath = path.join(config.tmpDir, key);
  try {
    const description = options.describe?.(received.fields) ?? null;
    const size = await ctx.mediaLane.run(() =>
      received.kind === 'image'
        ? cleanImage(received.path, cleanedPath, received.mime, config.maxDecodedBytes)
        : cleanVideo(config, received.path, cleanedPath, format === 'webm' ? 'webm' : 'mp4'),
    );
    const { size: bytes } = await fsp.stat(cleanedPath);
    await checkQuota(ctx, ownerId, bytes);
    const id = await insertMedia(ctx.db, {
      publicId: crypto.randomUUID(),
      ownerId,
      key,
      type: received.kind,
      ...size,
      bytes,
      createdAt: nowIso(),
      description,
    });
    try {
      await ctx.mediaStore.put(key, cleanedPath, storedFormats[format]);
    } catch (error) {
      await deleteMediaRow(ctx.db, id);
      throw error;
    }
    return { url: mediaUrl(config.publicUrl, key), type: received.kind, ...size, bytes };
  } finally {
    await Promise.all([fsp.rm(received.path, { force: true }), fsp.rm(cleanedPath, { force: true })]);
  }
}
