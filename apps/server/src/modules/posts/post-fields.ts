import type { PostPhoto } from '@spotter/contract';
import type { PostRow } from '../../db/schema';
import { toApiTimestamp } from '../../db/time';

type ContentRow = Pick<PostRow, 'public_id' | 'content' | 'image' | 'media_type' | 'alt'>;
type TimesRow = Pick<PostRow, 'created_at' | 'updated_at' | 'edited_at'>;
type PhotosRow = Pick<PostRow, 'image' | 'media_type' | 'alt' | 'media_width' | 'media_height' | 'photos'>;

/*
 * A post's own fields as every answer that shows a post names them, from its row, in the order those
 * answers have always had. The account export (modules/accounts/queries/account-export.ts) spreads
 * these; the card (queries/cards.ts) and the spec's full post (queries/posts.ts), read on every page,
 * write the same fields out in one object literal: built by spreading these, a profile page took
 * three times the server CPU (docs/performance-log.md, "Cards built from spread objects").
 */

/** What the post shows: its id, text and media. */
export const postContentOf = (row: ContentRow) => ({
  _id: row.public_id,
  content: row.content,
  image: row.image,
  mediaType: row.media_type,
  alt: row.alt,
});

/** When it was made, last changed, and last edited by its author (null if never). */
export const postTimesOf = (row: TimesRow) => ({
  createdAt: toApiTimestamp(row.created_at),
  updatedAt: toApiTimestamp(row.updated_at),
  editedAt: row.edited_at === null ? null : toApiTimestamp(row.edited_at),
});

/**
 * Its photos in order (migration 123, decision 088): the stored list of a post with several, else
 * its one image (a video is no photo). Put after the fields above, so older answers keep their order.
 */
export function postPhotosOf(row: PhotosRow): PostPhoto[] {
  if (row.photos) return JSON.parse(row.photos) as PostPhoto[];
  if (!row.image || row.media_type === 'video') return [];
  return [{ url: row.image, alt: row.alt, width: row.media_width, height: row.media_height }];
}
