import { apiErrors } from '@spotter/contract';
import type { AppContext } from '../../context';
import type { Key, PostRow } from '../../db/schema';
import { badRequest } from '../../errors';
import { findMediaByKey, isUnderMediaUrl, keyOfMediaUrl, MediaUnavailableError } from '../media';
import type { PostFields } from './queries/posts';

interface MediaInput {
  image?: string | null | undefined;
  mediaType?: 'image' | 'video' | null | undefined;
  alt?: string | null | undefined;
}

type MediaFields = Omit<PostFields, 'content'>;

const noMedia: MediaFields = {
  image: null,
  mediaType: null,
  alt: null,
  mediaWidth: null,
  mediaHeight: null,
  mediaId: null,
};

/**
 * Media of a post being written: an empty image means none. An image is either one of its author's
 * own uploads not shown by another post (type and size then come from the upload) or a plain https
 * link (an image unless told otherwise, size unknown); anything else is a 400 that changes nothing.
 */
export async function mediaFields(
  ctx: AppContext,
  authorId: Key,
  input: MediaInput,
  current?: PostRow,
): Promise<MediaFields> {
  const image = input.image === undefined ? (current?.image ?? null) : input.image || null;
  if (!image) return noMedia;
  const imageChanged = image !== current?.image;
  const alt = input.alt === undefined ? (imageChanged ? null : (current?.alt ?? null)) : input.alt || null;
  const { publicUrl } = ctx.config.media;

  const key = keyOfMediaUrl(publicUrl, image);
  if (key) {
    const upload = await findMediaByKey(ctx.db, key);
    if (!upload || upload.owner_id !== authorId) throw badRequest(apiErrors.mediaNotYours);
    if (upload.post_id && upload.post_id !== current?.id) throw badRequest(apiErrors.mediaInUse);
    return {
      image,
      mediaType: upload.type,
      alt,
      mediaWidth: upload.width,
      mediaHeight: upload.height,
      mediaId: upload.id,
    };
  }
  // A link the post already had stays as it was; a new one must be a plain https URL.
  if (imageChanged && (isUnderMediaUrl(publicUrl, image) || !image.startsWith('https://'))) {
    throw badRequest(apiErrors.mediaNotYours);
  }
  const mediaType = input.mediaType ?? (imageChanged ? null : current?.media_type) ?? 'image';
  return { ...noMedia, image, mediaType, alt };
}

/** Another post took the upload between our check and the write: nothing was written. */
export async function refuseTakenMedia<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof MediaUnavailableError) throw badRequest(apiErrors.mediaInUse);
    throw error;
  }
}
