import { postPhotosMax } from '@spotter/contract';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { findMediaByPublicId, mediaUrl } from '../media';
import { validationFailed } from './oauth-error';

/** `media_ids` as apps send it: a JSON array, `media_ids[]` in a form (an array), or one id. */
function idsOf(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  const ids = Array.isArray(value) ? value : [value];
  if (!ids.every((id): id is string => typeof id === 'string' && id !== '')) {
    throw validationFailed('media_ids must be a list of media ids');
  }
  return [...new Set(ids)];
}

/**
 * A status's `media_ids` as the media fields of Spotter's post: photos in order, each with the alt
 * text written on its upload, or one video alone (Spotter's rule: up to four photos, or one video).
 * Whose uploads they are, and that no other post shows them, is the post's own rule (storePost's
 * mediaFields), checked there: an id that is not the caller's is not found here.
 */
export async function postMediaOf(ctx: AppContext, ownerId: Key, value: unknown) {
  const ids = idsOf(value);
  if (ids.length === 0) return {};
  if (ids.length > postPhotosMax) throw validationFailed(`at most ${postPhotosMax} media may be attached`);
  const rows = [];
  for (const id of ids) {
    const row = await findMediaByPublicId(ctx.db, id);
    if (!row || row.owner_id !== ownerId) throw validationFailed(`media ${id} was not found`);
    rows.push(row);
  }
  const urlOf = (key: string) => mediaUrl(ctx.config.media.publicUrl, key);
  const [first] = rows;
  if (first && first.type === 'video') {
    if (rows.length > 1) throw validationFailed('a video must be the only media of a status');
    return { image: urlOf(first.key), mediaType: 'video' as const, alt: first.description };
  }
  if (rows.some((row) => row.type !== 'image')) throw validationFailed('a video must be the only media of a status');
  return { photos: rows.map((row) => ({ url: urlOf(row.key), alt: row.description })) };
}
