import type { Context } from '@fedify/fedify';
import { Create, Document, Image, Note, PUBLIC_COLLECTION, Video } from '@fedify/vocab';
import type { AppContext } from '../../context';
import type { LocalNote } from './queries/posts';
import { Temporal } from './temporal';

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A post's plain text as the HTML every fediverse server shows: paragraphs and line breaks. */
export const textToHtml = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** A remote Note's HTML as the plain text posts hold: breaks and paragraphs as new lines, tags dropped. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p[^>]*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
      return entities[name.toLowerCase()] ?? whole;
    })
    .trim();
}

/** Where a post is read in the web app. */
export const postPageUrl = (origin: string, publicId: string) =>
  new URL(`/postpage/${encodeURIComponent(publicId)}`, origin);

/**
 * A local post as a Note (visibility as Mastodon reads it: public to Public and cc the followers,
 * followers-only to the followers); undefined for a private post, which never leaves.
 */
export function noteOf(ctx: Context<AppContext>, post: LocalNote): Note | undefined {
  if (post.visibility === 'private') return undefined;
  const followers = ctx.getFollowersUri(post.author_public_id);
  const media = post.image ? attachmentOf(ctx, post) : undefined;
  return new Note({
    id: ctx.getObjectUri(Note, { id: post.public_id }),
    attribution: ctx.getActorUri(post.author_public_id),
    content: textToHtml(post.content),
    mediaType: 'text/html',
    url: postPageUrl(ctx.origin, post.public_id),
    published: Temporal.Instant.from(post.created_at),
    updated: post.edited_at ? Temporal.Instant.from(post.edited_at) : null,
    tos: post.visibility === 'public' ? [PUBLIC_COLLECTION] : [followers],
    ccs: post.visibility === 'public' ? [followers] : [],
    attachments: media ? [media] : [],
  });
}

function attachmentOf(ctx: Context<AppContext>, post: LocalNote) {
  const url = new URL(post.image ?? '', ctx.origin);
  const fields = { url, name: post.alt ?? null };
  if (post.media_type === 'video') return new Video(fields);
  if (post.media_type === 'image') return new Image(fields);
  return new Document(fields);
}

/** The Create that carries a new post's Note. */
export function createOf(ctx: Context<AppContext>, note: Note, post: LocalNote): Create {
  return new Create({
    id: new URL(`${note.id?.href}#create`),
    actor: ctx.getActorUri(post.author_public_id),
    object: note,
    tos: note.toIds,
    ccs: note.ccIds,
    published: note.published,
  });
}
