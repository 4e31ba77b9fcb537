import type { CardPost, PostPhoto } from '@spotter/contract';

/**
 * A post's photos in order (issue 47, item 11). A card kept from before the server listed them (the
 * offline copy of a feed) has only `image`: that one photo, then.
 */
export function photosOf(
  post: Pick<CardPost, 'image' | 'mediaType' | 'alt' | 'mediaWidth' | 'mediaHeight'> & {
    photos?: PostPhoto[] | undefined;
  },
): PostPhoto[] {
  if (post.mediaType === 'video' || !post.image) return [];
  if (post.photos?.length) return post.photos;
  return [{ url: post.image, alt: post.alt, width: post.mediaWidth, height: post.mediaHeight }];
}
