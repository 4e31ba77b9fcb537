/**
 * Splits a post's text into plain pieces and web addresses, for the card to render as text nodes
 * and links (never as HTML: the text cannot inject markup). An address is http(s):// or www.
 * followed by non-space characters; trailing punctuation that ends a sentence stays text.
 */
export type TextPiece = { text: string; href?: undefined } | { text: string; href: string };

const addressPattern = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
const trailingPunctuation = /[.,;:!?'")\]}]+$/;

export function splitLinks(content: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of content.matchAll(addressPattern)) {
    const start = match.index;
    const raw = match[0].replace(trailingPunctuation, '');
    const href = raw.toLowerCase().startsWith('www.') ? `https://${raw}` : raw;
    if (!isWebAddress(href)) continue;
    if (start > last) pieces.push({ text: content.slice(last, start) });
    pieces.push({ text: raw, href });
    last = start + raw.length;
  }
  if (last < content.length) pieces.push({ text: content.slice(last) });
  return pieces;
}

function isWebAddress(href: string): boolean {
  try {
    const url = new URL(href);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** A post longer than this many characters or lines shows its beginning and "Show more". */
export const collapseLimits = { chars: 600, lines: 12 } as const;

/** The beginning shown of a long post, or null when the post is short enough to show whole. */
export function collapsedText(content: string): string | null {
  const lines = content.split('\n');
  if (content.length <= collapseLimits.chars && lines.length <= collapseLimits.lines) return null;
  let cut = lines.slice(0, collapseLimits.lines).join('\n').slice(0, collapseLimits.chars);
  // End on a word boundary when there is one near the end.
  const space = cut.lastIndexOf(' ');
  if (space > collapseLimits.chars * 0.8) cut = cut.slice(0, space);
  return `${cut.trimEnd()}…`;
}
