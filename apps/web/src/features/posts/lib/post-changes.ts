import type { CardPost, EditPostBody } from '@spotter/contract';
import { photosOf } from './post-photos';

type PostData = EditPostBody['postData'];
type PostFields = Pick<PostData, 'image' | 'mediaType' | 'alt' | 'photos' | 'visibility'> & { content: string };

/**
 * An edit sends only what changed: the server merges the fields into the post, and an untouched
 * photo is not sent back (nor checked again against the media rules). Photos go as one list (their
 * order and alt texts), never with the single image's fields (decision 088).
 */
export function changedFields(post: CardPost, next: PostFields): EditPostBody['postData'] {
  const changes: EditPostBody['postData'] = {};
  if (next.content !== post.content) changes.content = next.content;
  if (next.photos) {
    const wasPhotos = photosOf(post);
    const same =
      wasPhotos.length === next.photos.length &&
      next.photos.every((p, i) => p.url === wasPhotos[i]?.url && (p.alt ?? null) === (wasPhotos[i]?.alt ?? null));
    if (!same) changes.photos = next.photos;
  } else {
    const { image = null, mediaType = null, alt = null } = next;
    if (image !== post.image || mediaType !== post.mediaType) {
      changes.image = image;
      changes.mediaType = mediaType;
    }
    if (alt !== post.alt) changes.alt = alt;
  }
  if (next.visibility && next.visibility !== post.visibility) changes.visibility = next.visibility;
  // Update with nothing changed still answers with the post: send the text as it is.
  return Object.keys(changes).length > 0 ? changes : { content: next.content };
}
