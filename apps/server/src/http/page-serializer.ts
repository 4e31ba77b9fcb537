import type { CardPost } from '@spotter/contract';
import { type PostPage, postPageSchema } from '@spotter/contract/schemas';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type CachedCard, type CardJson, cachedEntriesOf, toCardPost } from '../modules/posts';
import { withoutValidation } from './serializer-schema';

type JsonSchema = { [key: string]: unknown };

/**
 * The contract's JSON Schema made into a serializer's schema that writes exactly the bytes
 * JSON.stringify writes for the same answer: properties in the order the answer's object has them
 * (taken from `sample`, a card as `toCardPost` builds it: the schema's order is the contract's, not
 * the answer's), nothing required (a missing property is left out, as JSON.stringify does), a
 * nullable type as a type list (fast-json-stringify picks an `anyOf` branch by validating at run
 * time), integers as numbers, and `raw` properties (whose inner order is stored data's) through
 * JSON.stringify itself (an empty schema).
 */
function forSerializer(schema: JsonSchema, sample: unknown, raw: ReadonlySet<string>): JsonSchema {
  const out = withoutValidation(schema);
  const anyOf = schema.anyOf as JsonSchema[] | undefined;
  const types = anyOf?.map((branch) => branch.type);
  if (
    anyOf &&
    types?.length === 2 &&
    types.includes('null') &&
    types.every((t) => typeof t === 'string' && t !== 'object' && t !== 'array')
  ) {
    delete out.anyOf;
    out.type = types.map((t) => (t === 'integer' ? 'number' : t));
  }
  if (out.type === 'integer') out.type = 'number';
  if (Array.isArray(out.type)) out.type = (out.type as string[]).map((t) => (t === 'integer' ? 'number' : t));
  const items = schema.items as JsonSchema | undefined;
  if (items) out.items = forSerializer(items, Array.isArray(sample) ? sample[0] : undefined, raw);
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (properties) {
    const example = (sample ?? {}) as Record<string, unknown>;
    const order = [
      ...Object.keys(example).filter((k) => k in properties),
      ...Object.keys(properties).filter((k) => !(k in example)),
    ];
    out.properties = Object.fromEntries(
      order.map((k) => [k, raw.has(k) ? {} : forSerializer(properties[k] as JsonSchema, example[k], raw)]),
    );
  }
  return out;
}

/** A card with every property there, in the order cards are built (modules/posts/queries/cards.ts). */
const sampleCard = toCardPost({
  id: 0,
  public_id: '',
  content: '',
  image: null,
  media_type: null,
  alt: null,
  media_width: null,
  media_height: null,
  photos: null,
  like_count: 0,
  comment_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  edited_at: null,
  workout_summary: '{}',
  visibility: 'public',
  row_version: 0,
  author_row_version: 0,
  author_public_id: '',
  username: '',
  firstname: '',
  lastname: '',
  avatar_url: '',
});
const samplePage: PostPage = { posts: [sampleCard], nextCursor: null };

/** The paged post answer's serializer schema (feed, explore, profile, tag, liked and bookmarked pages). */
export const postPageSerialization = forSerializer(
  z.toJSONSchema(postPageSchema, { io: 'output', unrepresentable: 'any' }) as JsonSchema,
  samplePage,
  new Set(['workout', 'photos']),
);

type Serialize = (value: { [key: string]: unknown }) => string;

/** The two per-viewer properties of a card, written between its head and its tail. */
const viewerFlags = ['likedByMe', 'bookmarkedByMe'] as const;

/** The serializer schema of one card of a page. */
const cardSchema = (postPageSerialization.properties as { posts: { items: JsonSchema } }).posts.items;

/**
 * The card's schema cut in two around its flags (which the sample card has next to each other): the
 * properties before them (`head`) and after them (`tail`), each an object of its own.
 */
function cardHalves(): { head: JsonSchema; tail: JsonSchema } {
  const properties = cardSchema.properties as JsonSchema;
  const names = Object.keys(properties);
  const at = names.indexOf(viewerFlags[0]);
  if (names[at + 1] !== viewerFlags[1]) throw new Error('A card must have likedByMe and bookmarkedByMe side by side');
  const half = (keys: string[]): JsonSchema => ({
    ...cardSchema,
    properties: Object.fromEntries(keys.map((key) => [key, properties[key]])),
  });
  return { head: half(names.slice(0, at)), tail: half(names.slice(at + 2)) };
}
const halves = cardHalves();

/**
 * Has a paged post answer written as UTF-8 bytes by serializers compiled from the contract (Fastify's
 * fast-json-stringify, kept per route). A card shown on a second page keeps its JSON with its cache
 * entry (modules/posts/queries/card-cache.ts), cut around its two per-viewer flags, so a page of such cards is
 * copied into one buffer with each viewer's flags written between, not serialized: serializing every
 * card of every page and encoding the page's text to UTF-8 (flattened, measured, then written) was a
 * large share of a home page's instructions (callgrind: decision 056). Other cards are serialized whole
 * and written as one text. The bytes are the ones JSON.stringify writes (page-serializer.test.ts).
 */
export function serializePostPage(reply: FastifyReply) {
  // A custom serializer's answer gets no type of its own: the one Fastify gives JSON it serializes.
  reply.type('application/json; charset=utf-8');
  const compiled = (schema: JsonSchema) =>
    reply.getSerializationFunction(schema) ?? reply.compileSerializationSchema(schema);
  const serializers: CardSerializers = {
    page: compiled(postPageSerialization),
    card: compiled(cardSchema),
    head: compiled(halves.head),
    tail: compiled(halves.tail),
  };
  const toBytes = (page: PostPage) => pageBytes(page, serializers);
  // Fastify sends what a serializer returns as it is when it is a Buffer (its types say string only).
  reply.serializer(toBytes as unknown as Serialize);
}

type CardSerializers = { page: Serialize; card: Serialize; head: Serialize; tail: Serialize };

/** What goes between a card's head and tail, for each viewer: [likedByMe][bookmarkedByMe]. */
const flagBytes = [false, true].map((liked) =>
  [false, true].map((bookmarked) => Buffer.from(`,"${viewerFlags[0]}":${liked},"${viewerFlags[1]}":${bookmarked}`)),
);
const flagsOf = (card: CardPost) => flagBytes[Number(card.likedByMe)]?.[Number(card.bookmarkedByMe)] as Buffer;

/** A kept card's JSON and the viewer's flags to write into it. */
type KeptCard = { json: CardJson; flags: Buffer };

/** A UTF-16 code unit is at most 3 bytes of UTF-8. */
const mostBytes = (text: string) => 3 * text.length;

/**
 * `{"posts":[...],"nextCursor":...}` with the properties in the contract's order, as bytes: runs of
 * text (the punctuation and the cards not kept, serialized whole) between kept cards.
 */
function pageBytes(page: PostPage, serializers: CardSerializers): Buffer {
  const entries = cachedEntriesOf(page.posts) ?? [];
  const kept = page.posts.map((_card, i) => {
    const entry = entries[i];
    return entry ? keptJsonOf(entry, serializers) : undefined;
  });
  // No card kept (a page read for the first time): one text, measured and encoded by Buffer.from.
  if (!kept.some(Boolean)) return Buffer.from(serializers.page(page as unknown as { [key: string]: unknown }), 'utf8');
  const parts: (string | KeptCard)[] = [];
  let room = 0;
  let text = '{"posts":[';
  page.posts.forEach((card, i) => {
    if (i > 0) text += ',';
    const json = kept[i];
    if (!json) {
      text += serializers.card(card as unknown as { [key: string]: unknown });
      return;
    }
    const flags = flagsOf(card);
    parts.push(text, { json, flags });
    room += mostBytes(text) + json.headBytes + json.tailBytes + flags.length;
    text = '';
  });
  text += page.nextCursor === undefined ? ']}' : `],"nextCursor":${cursorJson(page.nextCursor)}}`;
  parts.push(text);
  room += mostBytes(text);
  const out = Buffer.allocUnsafe(room);
  let at = 0;
  for (const part of parts) {
    if (typeof part !== 'string') at = writeCard(out, at, part.json, part.flags);
    else if (part === ',') out[at++] = 0x2c;
    else if (part !== '') at += out.write(part, at, 'utf8');
  }
  return at === out.length ? out : out.subarray(0, at);
}

/** A cursor as a JSON string: base64url needs no escape (JSON.stringify is there for any other). */
const cursorJson = (cursor: string | null) =>
  cursor !== null && /^[\w-]*$/.test(cursor) ? `"${cursor}"` : JSON.stringify(cursor);

/**
 * Writes `{head's properties,flags,tail's properties}` from the two objects: the head's closing brace
 * gives way to the flags, the tail's opening brace to a comma.
 */
function writeCard(out: Buffer, at: number, json: CardJson, flags: Buffer): number {
  // ASCII is the same bytes in Latin-1, which V8 copies; UTF-8 is encoded character by character.
  const encoding = json.ascii ? 'latin1' : 'utf8';
  let to = at + out.write(json.head, at, json.headBytes, encoding) - 1;
  for (let k = 0; k < flags.length; k++) out[to++] = flags[k] as number;
  if (json.tailBytes <= 2) {
    out[to++] = 0x7d; // '}': no property after the flags
    return to;
  }
  const tailAt = to;
  to += out.write(json.tail, to, json.tailBytes, encoding);
  out[tailAt] = 0x2c; // ','
  return to;
}

/**
 * A cached card's JSON, kept with its entry from the second page that shows it (the first is noted);
 * undefined for a card written whole.
 */
function keptJsonOf(entry: CachedCard, serializers: CardSerializers): CardJson | undefined {
  if (entry.json) return entry.json;
  if (entry.json === undefined) {
    entry.json = null;
    return undefined;
  }
  const view = entry.card as unknown as { [key: string]: unknown };
  const head = serializers.head(view);
  const tail = serializers.tail(view);
  const headBytes = Buffer.byteLength(head);
  const tailBytes = Buffer.byteLength(tail);
  entry.json = { head, tail, headBytes, tailBytes, ascii: headBytes === head.length && tailBytes === tail.length };
  return entry.json;
}
