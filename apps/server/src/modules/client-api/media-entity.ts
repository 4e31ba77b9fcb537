import type { MediaRow } from '../../db/schema';
import { mediaUrl } from '../media';
import { absolute } from './entities';

/** An upload as Mastodon's MediaAttachment: Spotter stores one cleaned file, so it is its own preview. */
export function mediaAttachmentOf(row: MediaRow, publicUrl: string, origin: string) {
  const url = absolute(origin, mediaUrl(publicUrl, row.key));
  const original = {
    width: row.width,
    height: row.height,
    size: `${row.width}x${row.height}`,
    aspect: row.height > 0 ? row.width / row.height : 1,
  };
  return {
    id: row.public_id,
    type: row.type,
    url,
    preview_url: url,
    remote_url: null,
    preview_remote_url: null,
    text_url: null,
    meta: { original, small: original },
    description: row.description,
    blurhash: null,
  };
}
