import type { Context } from '@fedify/fedify';
import { Document, Image, Link, type Note, Video } from '@fedify/vocab';
import type { AppContext } from '../../../context';
import { rememberRemoteMedia } from '../queries/remote-media';

/** The media columns of a remote post (posts table), as a local post's are shaped. */
export interface NoteMediaFields {
  image: string | null;
  mediaType: 'image' | 'video' | null;
  alt: string | null;
  mediaWidth: number | null;
  mediaHeight: number | null;
  photos: string | null;
}

const none: NoteMediaFields = {
  image: null,
  mediaType: null,
  alt: null,
  mediaWidth: null,
  mediaHeight: null,
  photos: null,
};

/** Spotter's rule for a post: up to four photos, or one video alone. */
const maxPhotos = 4;
/** Longer is no media URL a server of ours would mint; kept out of the table. */
const maxUrlLength = 2048;

interface Attachment {
  url: string;
  kind: 'image' | 'video';
  alt: string | null;
  width: number | null;
  height: number | null;
}

function attachmentOf(item: unknown): Attachment | undefined {
  if (!(item instanceof Document)) return undefined;
  const link = item.url instanceof Link ? item.url.href : item.url;
  const url = link?.href;
  if (!url || url.length > maxUrlLength || !/^https?:\/\//.test(url)) return undefined;
  const type = item.mediaType ?? (item.url instanceof Link ? item.url.mediaType : null) ?? '';
  const kind =
    item instanceof Video || /^video\//.test(type)
      ? 'video'
      : item instanceof Image || /^image\//.test(type)
        ? 'image'
        : undefined;
  if (!kind) return undefined;
  const alt = item.name === null ? null : String(item.name).trim() || null;
  return { url, kind, alt, width: item.width ?? null, height: item.height ?? null };
}

/**
 * A remote Note's images or video (decision 101) as a post's media fields: each kept as a
 * reference (our /media/remote/<key> path, its alt text and size), fetched only when first shown.
 * A video is shown alone (the first one); otherwise up to four images, in order.
 */
export async function noteMediaFields(ctx: Context<AppContext>, note: Note): Promise<NoteMediaFields> {
  const attachments: Attachment[] = [];
  const options = { documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader, suppressError: true };
  for await (const item of note.getAttachments(options)) {
    const attachment = attachmentOf(item);
    if (attachment) attachments.push(attachment);
  }
  const video = attachments.find((a) => a.kind === 'video');
  const chosen = video ? [video] : attachments.slice(0, maxPhotos);
  if (chosen.length === 0) return none;
  const shown = [];
  for (const a of chosen) shown.push({ ...a, url: await rememberRemoteMedia(ctx.data.db, a.url) });
  const [first] = shown as [(typeof shown)[number]];
  return {
    image: first.url,
    mediaType: first.kind,
    alt: first.alt,
    mediaWidth: first.width,
    mediaHeight: first.height,
    photos:
      shown.length > 1
        ? JSON.stringify(shown.map(({ url, alt, width, height }) => ({ url, alt, width, height })))
        : null,
  };
}
