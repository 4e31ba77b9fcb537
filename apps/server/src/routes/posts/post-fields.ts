import type { PostFields } from '../../queries/posts';

interface MediaInput {
  image?: string | null | undefined;
  mediaType?: 'image' | 'video' | null | undefined;
  alt?: string | null | undefined;
}

/** Media of a post: an empty image means none; a linked image is an image unless told otherwise. */
export function mediaFields(input: MediaInput, current?: PostFields): Omit<PostFields, 'content'> {
  const image = input.image === undefined ? (current?.image ?? null) : input.image || null;
  if (!image) return { image: null, mediaType: null, alt: null };
  const imageChanged = image !== current?.image;
  const mediaType = input.mediaType ?? (imageChanged ? null : current?.mediaType) ?? 'image';
  const alt = input.alt === undefined ? (imageChanged ? null : (current?.alt ?? null)) : input.alt || null;
  return { image, mediaType, alt };
}
