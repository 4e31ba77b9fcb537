/**
 * Mentions and hashtags in a post's or comment's text (issue 14), found the same way by the server
 * (which notifies and indexes) and the web app (which renders links). Plain code: no zod.
 */

/** `@name`: the username alphabet (constants.ts usernameRule), not preceded by a word character or `@`. */
const mentionPattern = /(?<![\p{L}\p{N}_.@])@([A-Za-z0-9_.]{1,30})/gu;
/** `#tag`: Unicode letters, digits and underscore, not preceded by a word character or `#`. */
const hashtagPattern = /(?<![\p{L}\p{N}_#&])#([\p{L}\p{N}_]{1,64})/gu;

/** A mention's username without a trailing dot (end of a sentence: "thanks @ana."). */
const trimDots = (name: string) => name.replace(/\.+$/, '');

/** The distinct usernames mentioned, in order of first appearance (lowercased). */
export function findMentions(text: string): string[] {
  const names = [...text.matchAll(mentionPattern)].map((m) => trimDots(m[1] ?? '').toLowerCase()).filter(Boolean);
  return [...new Set(names)];
}

/** The distinct hashtags, lowercased, in order of first appearance. */
export function findHashtags(text: string): string[] {
  return [...new Set([...text.matchAll(hashtagPattern)].map((m) => (m[1] ?? '').toLowerCase()))];
}

export type TextPart = { kind: 'text'; text: string } | { kind: 'mention' | 'hashtag'; text: string; value: string };

/** Splits text into plain runs, mentions and hashtags, for rendering links (text stays text). */
export function splitConversationText(text: string): TextPart[] {
  const found: { index: number; length: number; part: TextPart }[] = [];
  for (const m of text.matchAll(mentionPattern)) {
    const name = trimDots(m[1] ?? '');
    if (name)
      found.push({ index: m.index, length: name.length + 1, part: { kind: 'mention', text: `@${name}`, value: name } });
  }
  for (const m of text.matchAll(hashtagPattern)) {
    const tag = m[1] ?? '';
    found.push({
      index: m.index,
      length: tag.length + 1,
      part: { kind: 'hashtag', text: `#${tag}`, value: tag.toLowerCase() },
    });
  }
  found.sort((a, b) => a.index - b.index);
  const parts: TextPart[] = [];
  let at = 0;
  for (const f of found) {
    if (f.index < at) continue;
    if (f.index > at) parts.push({ kind: 'text', text: text.slice(at, f.index) });
    parts.push(f.part);
    at = f.index + f.length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}

/**
 * A short excerpt of a text, for a notification: its whitespace runs made one space, trimmed, and cut
 * to `max` characters (code points) with an ellipsis. It reads only as far as the excerpt needs: a
 * notifications page makes twenty of them from posts of up to thousands of characters.
 */
export function excerptOf(text: string, max: number): string {
  const chars: string[] = [];
  let spaceBefore = false;
  for (const char of text) {
    if (/\s/.test(char)) {
      spaceBefore = chars.length > 0;
      continue;
    }
    if (spaceBefore) {
      chars.push(' ');
      spaceBefore = false;
    }
    chars.push(char);
    if (chars.length > max) break;
  }
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}
