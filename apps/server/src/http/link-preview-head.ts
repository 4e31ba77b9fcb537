/**
 * The OpenGraph and Twitter card tags of a shared link (issue 47, item 12; decision 088): what a chat
 * app shows of `/postpage/{id}` or `/profilepage/{u}`. Pure: every value is HTML-escaped here, so a
 * name or a post's text can never end the attribute or the head.
 */
export interface LinkPreview {
  /** og:type: a post is an article, a person a profile. */
  type: 'article' | 'profile';
  title: string;
  /** The text excerpt (the post's text, the person's bio); empty: none. */
  description: string;
  /** Absolute URLs only (a chat app fetches them from elsewhere); undefined: none. */
  url?: string | undefined;
  image?: { url: string; alt: string | null } | undefined;
  /** Who wrote it, as `Full Name (@username)`. */
  author: string;
}

/** Excerpts longer than this are cut at a word and end with an ellipsis (chat apps show ~200). */
export const excerptMaxLength = 200;

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c] as string);

/** Whitespace made single spaces, cut to `max` characters at a word boundary where there is one. */
export function excerptOf(text: string, max = excerptMaxLength): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  if (chars.length <= max) return flat;
  const cut = chars.slice(0, max - 1).join('');
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/** The tags, one per line, for the head of the page. */
export function previewHead(preview: LinkPreview): string {
  const tags: [attribute: 'property' | 'name', key: string, value: string][] = [
    ['property', 'og:site_name', 'Spotter'],
    ['property', 'og:type', preview.type],
    ['property', 'og:title', preview.title],
  ];
  if (preview.description) tags.push(['property', 'og:description', preview.description]);
  if (preview.url) tags.push(['property', 'og:url', preview.url]);
  if (preview.image) {
    tags.push(['property', 'og:image', preview.image.url]);
    if (preview.image.alt) tags.push(['property', 'og:image:alt', preview.image.alt]);
  }
  if (preview.type === 'article') tags.push(['property', 'article:author', preview.author]);
  tags.push(
    ['name', 'author', preview.author],
    ['name', 'twitter:card', preview.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', preview.title],
  );
  if (preview.description) tags.push(['name', 'twitter:description', preview.description]);
  if (preview.image) {
    tags.push(['name', 'twitter:image', preview.image.url]);
    if (preview.image.alt) tags.push(['name', 'twitter:image:alt', preview.image.alt]);
  }
  return tags
    .map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`)
    .join('\n    ');
}

/** The page with the tags put at the end of its head; a page without a head is left as it is. */
export function withPreviewHead(html: string, preview: LinkPreview | undefined): string {
  if (!preview) return html;
  const at = html.search(/<\/head>/i);
  if (at === -1) return html;
  return `${html.slice(0, at)}    ${previewHead(preview)}\n  ${html.slice(at)}`;
}
