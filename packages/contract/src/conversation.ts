/**
 * Mentions and hashtags in a post's or comment's text (issue 14), found the same way by the server
 * (which notifies and indexes) and the web app (which renders links). Plain code: no zod.
 */

/** Before a mention's `@`: no letter or digit of any script, `_`, `.` or `@` ("zoë@ana" mentions nobody). */
const mentionStart = '(?<![\\p{L}\\p{N}_.@])@';
/** A username: the username alphabet and length (constants.ts usernameRule). */
const username = '[A-Za-z0-9_.]{1,30}';
/**
 * A person on another server (issue 49) is `@name@host`, as their username here is written: the
 * host a DNS name or address with a dot, or a name with a port, and the port where there is one.
 */
const remoteHost = '@(?:[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)+(?::[0-9]{1,5})?|[A-Za-z0-9-]+:[0-9]{1,5})';
/** A mentioned name. Not a name cut short before an `@` ("@ana@gym", a host without a dot, is no one). */
const mentionName = `(${username})`;
/**
 * `@name` or `@name@host`, not preceded by a word character or `@`, nor followed by a letter or digit
 * of any script: "@zoë" is nobody (usernames are ASCII), not a mention of "zo".
 */
const mentionPattern = new RegExp(
  `${mentionStart}(${username}(?:${remoteHost})?)(?![A-Za-z0-9_.]*@)(?![\\p{L}\\p{N}])`,
  'gu',
);
/** The same, ending the text: the name being typed before a caret. */
const typedMentionPattern = new RegExp(`${mentionStart}${mentionName}$`, 'u');
/** `#tag`: Unicode letters, digits and underscore, not preceded by a word character or `#`. */
const hashtagPattern = /(?<![\p{L}\p{N}_#&])#([\p{L}\p{N}_]{1,64})/gu;

/** A mention's username without a trailing dot (end of a sentence: "thanks @ana." or "@ana@gym.example."). */
const trimDots = (name: string) => name.replace(/\.+$/, '');

/** The distinct usernames mentioned, in order of first appearance (lowercased). */
export function findMentions(text: string): string[] {
  const names = [...text.matchAll(mentionPattern)].map((m) => trimDots(m[1] ?? '').toLowerCase()).filter(Boolean);
  return [...new Set(names)];
}

/**
 * The name of the mention that ends `text` (a text box's content before its caret), as typed, trailing
 * dots kept (a name may go on after one): where findMentions would find a mention once the text is
 * sent, so the web's suggestions come exactly where the server will notify and the link will show.
 */
export function mentionBeingTyped(text: string): string | undefined {
  return typedMentionPattern.exec(text)?.[1];
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
  // Most texts: their first 2 x max + 2 characters, collapsed in one pass, either are the whole text or
  // run past `max` (so the rest cannot change the first max - 1). Without surrogate pairs a string's
  // length is its code points. Anything else (mostly whitespace, emoji) is read word by word below.
  const head = text.length <= 2 * max + 2 ? text : text.slice(0, 2 * max + 2);
  const collapsed = head.replace(/\s+/g, ' ').trim();
  if (!surrogate.test(collapsed)) {
    if (collapsed.length > max) return `${collapsed.slice(0, max - 1)}…`;
    if (head === text) return collapsed;
  }
  return excerptByWords(text, max);
}

function excerptByWords(text: string, max: number): string {
  // Whole words, one space between, until the excerpt is longer than `max`: without surrogate pairs
  // its length is its code points; with them, until it surely holds more than `max` (each is at most
  // two UTF-16 units). A loop over every character testing each by regular expression took clearly
  // longer, for each of a notifications page's excerpts (decision 041, "Measurements").
  const enough = 2 * max + 2;
  const words = /\S+/g;
  let excerpt = '';
  for (let word = words.exec(text); word !== null; word = words.exec(text)) {
    excerpt = excerpt === '' ? word[0] : `${excerpt} ${word[0]}`;
    if (excerpt.length > max && !surrogate.test(excerpt)) return `${excerpt.slice(0, max - 1)}…`;
    if (excerpt.length >= enough) {
      excerpt = excerpt.slice(0, enough);
      break;
    }
  }
  if (!surrogate.test(excerpt)) return excerpt.length <= max ? excerpt : `${excerpt.slice(0, max - 1)}…`;
  const chars = Array.from(excerpt);
  return chars.length <= max ? excerpt : `${chars.slice(0, max - 1).join('')}…`;
}

const surrogate = /[\ud800-\udfff]/;
