import type { CardPost, EditPostBody } from '@spotter/contract';

type PostFields = Required<Omit<EditPostBody['postData'], 'workoutId' | 'visibility'>> &
  Pick<EditPostBody['postData'], 'visibility'>;

/**
 * An edit sends only what changed: the server merges the fields into the post, and an untouched
 * photo is not sent back (nor checked again against the media rules).
 */
export function changedFields(post: CardPost, next: PostFields): EditPostBody['postData'] {
  const changes: EditPostBody['postData'] = {};
  if (next.content !== post.content) changes.content = next.content;
  if (next.image !== post.image || next.mediaType !== post.mediaType) {
    changes.image = next.image;
    changes.mediaType = next.mediaType;
  }
  if (next.alt !== post.alt) changes.alt = next.alt;
  if (next.visibility && next.visibility !== post.visibility) changes.visibility = next.visibility;
  // Update with nothing changed still answers with the post: send the text as it is.
  return Object.keys(changes).length > 0 ? changes : { content: next.content };
}
