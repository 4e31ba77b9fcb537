import { type CardPost, type EditPostBody, type MediaType, postPhotosMax } from '@spotter/contract';
import { photosOf } from './post-photos';

/** A photo or video attached to the post being written: uploaded (url) or still on its way (progress). */
export interface Attachment {
  /** Stays with the attachment as it moves (React's key, and where focus goes after a move). */
  key: string;
  type: MediaType;
  /** A local preview while uploading, then the stored file's URL. */
  previewUrl: string;
  url: string | null;
  progress: number;
  cancel?: (() => void) | undefined;
  /** A photo's alt text as typed. */
  alt: string;
}

/** What a post already shows, as the composer's attachments. */
export function attachmentsOf(post: CardPost | undefined): Attachment[] {
  if (!post?.image) return [];
  if (post.mediaType === 'video') {
    return [{ key: post.image, type: 'video', previewUrl: post.image, url: post.image, progress: 1, alt: '' }];
  }
  return photosOf(post).map((photo) => ({
    key: photo.url,
    type: 'image',
    previewUrl: photo.url,
    url: photo.url,
    progress: 1,
    alt: photo.alt ?? '',
  }));
}

/** The list with the attachment at `from` moved to `to` (clamped to the list). */
export function moveAttachment<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from === target || from < 0 || from >= list.length) return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1) as [T];
  next.splice(target, 0, moved);
  return next;
}

/**
 * How many of `picked` files of each kind the list can take: a video is posted alone and replaces
 * what was attached; photos join the photos there (a video there gives way), up to the maximum.
 */
export function roomFor(list: readonly Attachment[], kind: MediaType): number {
  if (kind === 'video') return 1;
  return postPhotosMax - list.filter((a) => a.type === 'image').length;
}

type MediaFields = Pick<EditPostBody['postData'], 'image' | 'mediaType' | 'alt' | 'photos'>;

/**
 * The post's media as the API takes it (decision 088): photos as `photos`, in order with their alt
 * texts (the server makes the first one the spec's `image`); a video, or nothing, as the spec's fields.
 */
export function mediaFieldsOf(list: readonly Attachment[]): MediaFields {
  const [first] = list;
  if (!first?.url) return { image: null, mediaType: null, alt: null };
  if (first.type === 'video') return { image: first.url, mediaType: 'video', alt: null };
  return { photos: list.map((a) => ({ url: a.url ?? '', alt: a.alt.trim() || null })) };
}
