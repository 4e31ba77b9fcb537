import { apiErrors, type PostPhoto } from '@spotter/contract';
import type { AppContext } from '../../context';
import type { Key, PostRow } from '../../db/schema';
import { badRequest } from '../../errors';
import { findMediaByKey, isUnderMediaUrl, keyOfMediaUrl, MediaUnavailableError } from '../media';
import { postPhotosOf } from './post-fields';
import type { PostFields } from './queries/posts';

interface PhotoInput {
  url: string;
  alt?: string | null | undefined;
}

interface MediaInput {
  image?: string | null | undefined;
  mediaType?: 'image' | 'video' | null | undefined;
  alt?: string | null | undefined;
  photos?: PhotoInput[] | undefined;
}

type MediaFields = Omit<PostFields, 'content'>;

const noMedia: MediaFields = {
  image: null,
  mediaType: null,
  alt: null,
  mediaWidth: null,
  mediaHeight: null,
  photos: null,
  mediaIds: [],
};

/**
 * Media of a post being written: `photos` (up to four, in order) or the spec's single `image`; an
 * empty image or an empty list means none. An image is either one of its author's own uploads not
 * shown by another post (type and size then come from the upload) or a plain https link (an image
 * unless told otherwise, size unknown); anything else is a 400 that changes nothing. The first photo
 * is also the post's `image`, so clients that read only that see what they did (decision 088).
 */
export async function mediaFields(
  ctx: AppContext,
  authorId: Key,
  input: MediaInput,
  current?: PostRow,
): Promise<MediaFields> {
  if (input.photos !== undefined) return photoFields(ctx, authorId, input.photos, current);
  const image = input.image === undefined ? (current?.image ?? null) : input.image || null;
  if (!image) return noMedia;
  const imageChanged = image !== current?.image;
  // An edit that leaves the first photo as it was keeps the others (a client that knows only `image`
  // sends it back unchanged); its `alt` is the first photo's.
  if (!imageChanged && current?.photos) {
    const photos: PhotoInput[] = postPhotosOf(current);
    if (input.alt !== undefined && photos[0]) photos[0] = { ...photos[0], alt: input.alt };
    return photoFields(ctx, authorId, photos, current);
  }
  const alt = input.alt === undefined ? (imageChanged ? null : (current?.alt ?? null)) : input.alt || null;
  const { publicUrl } = ctx.config.media;

  const key = keyOfMediaUrl(publicUrl, image);
  if (key) {
    const upload = await ownUpload(ctx, authorId, key, current);
    return {
      image,
      mediaType: upload.type,
      alt,
      mediaWidth: upload.width,
      mediaHeight: upload.height,
      photos: null,
      mediaIds: [upload.id],
    };
  }
  // A link the post already had stays as it was; a new one must be a plain https URL.
  if (imageChanged) refuseForeignLink(publicUrl, image);
  const mediaType = input.mediaType ?? (imageChanged ? null : current?.media_type) ?? 'image';
  return { ...noMedia, image, mediaType, alt };
}

/** An upload a post may show: its author's own, shown by no other post. */
async function ownUpload(ctx: AppContext, authorId: Key, key: string, current: PostRow | undefined) {
  const upload = await findMediaByKey(ctx.db, key);
  if (!upload || upload.owner_id !== authorId) throw badRequest(apiErrors.mediaNotYours);
  if (upload.post_id && upload.post_id !== current?.id) throw badRequest(apiErrors.mediaInUse);
  return upload;
}

function refuseForeignLink(publicUrl: string, url: string) {
  if (isUnderMediaUrl(publicUrl, url) || !url.startsWith('https://')) throw badRequest(apiErrors.mediaNotYours);
}

/** The photos of a post, each an image: an upload of the author's or an https link. */
async function photoFields(
  ctx: AppContext,
  authorId: Key,
  input: PhotoInput[],
  current: PostRow | undefined,
): Promise<MediaFields> {
  if (input.length === 0) return noMedia;
  const { publicUrl } = ctx.config.media;
  const known = new Set(current ? postPhotosOf(current).map((p) => p.url) : []);
  const photos: PostPhoto[] = [];
  const mediaIds: Key[] = [];
  for (const { url, alt } of input) {
    const key = keyOfMediaUrl(publicUrl, url);
    if (key) {
      const upload = await ownUpload(ctx, authorId, key, current);
      if (upload.type !== 'image') throw badRequest(apiErrors.photoNotImage);
      photos.push({ url, alt: alt || null, width: upload.width, height: upload.height });
      mediaIds.push(upload.id);
    } else {
      if (!known.has(url)) refuseForeignLink(publicUrl, url);
      photos.push({ url, alt: alt || null, width: null, height: null });
    }
  }
  const [first] = photos as [PostPhoto, ...PostPhoto[]];
  return {
    image: first.url,
    mediaType: 'image',
    alt: first.alt,
    mediaWidth: first.width,
    mediaHeight: first.height,
    photos: photos.length > 1 ? JSON.stringify(photos) : null,
    mediaIds,
  };
}

/** Another post took an upload between our check and the write: nothing was written. */
export async function refuseTakenMedia<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof MediaUnavailableError) throw badRequest(apiErrors.mediaInUse);
    throw error;
  }
}
