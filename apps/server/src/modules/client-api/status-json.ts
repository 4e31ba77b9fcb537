import type { CardPost } from '@spotter/contract';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../context';
import { perDatabase } from '../../db/per-database';
import { type CachedCard, cachedEntriesOf } from '../posts';
import { accountOf, statusOf } from './entities';
import { originOf } from './origin';
import { type VersionedAccountRow, versionedAccounts } from './queries/versioned-accounts';

/**
 * A list of Statuses as the UTF-8 of what `JSON.stringify(await statusesOf(...))` writes
 * (status-list.ts), written the way the feed writes its cards (http/page-serializer.ts): what a card's
 * Status is for everyone is kept with the card's cache entry as UTF-8 pieces, and each page copies
 * those, with the viewer's two flags and the author's Account between them, into one buffer. The
 * Accounts are kept too, each with the version of its person's row it was read at: a cached card's
 * entry carries the version its page read, so a page whose authors are all kept at those versions
 * reads no authors at all (the feed needs no such statement). Boosters, whose versions no page reads,
 * are read each time. The bytes are the plain entities' (tests/client-api-status-json.test.ts;
 * decision 108).
 */

/** The properties of a Status written per page, not kept: the viewer's flags, the author, the boosted status. */
type Slot = 'favourited' | 'bookmarked' | 'account' | 'reblog';
const slotNames: ReadonlySet<string> = new Set<Slot>(['favourited', 'bookmarked', 'account', 'reblog']);

/**
 * A Status's JSON cut at its slots, as UTF-8: `texts[0]`, slot `slots[0]`'s value, `texts[1]`, ...
 * `texts[n]`. Bytes, not text: a page is copied into one buffer, where a text joined from kept
 * pieces was flattened and then encoded again (decision 108).
 */
interface Template {
  texts: Buffer[];
  slots: Slot[];
}

/** The JSON of an object as JSON.stringify writes it, cut where its slot properties' values go. */
function templateOf(entity: Record<string, unknown>): Template {
  const texts: Buffer[] = [];
  const slots: Slot[] = [];
  let text = '{';
  let first = true;
  for (const key of Object.keys(entity)) {
    const value = entity[key];
    // What JSON.stringify leaves out of an object.
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    text += `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    if (slotNames.has(key)) {
      texts.push(Buffer.from(text));
      slots.push(key as Slot);
      text = '';
    } else text += JSON.stringify(value);
  }
  texts.push(Buffer.from(`${text}}`));
  return { texts, slots };
}

/** A status's JSON as the pieces to copy, in order. */
type Chunks = Buffer[];

/** What a Status is built with in place of its Account, which goes into its slot (not undefined: that is the default's). */
const slotted = null as unknown as ReturnType<typeof accountOf>;

const bytes = { true: Buffer.from('true'), false: Buffer.from('false'), null: Buffer.from('null') };

/** A status's chunks onto `out`: the template with the viewer's flags (of `card`), its Account and its reblog. */
function write(template: Template, card: CardPost, account: Buffer, reblog: Chunks | null, out: Chunks) {
  const { texts, slots } = template;
  out.push(texts[0] as Buffer);
  for (let k = 0; k < slots.length; k++) {
    const slot = slots[k] as Slot;
    if (slot === 'account') out.push(account);
    else if (slot === 'reblog') {
      if (reblog) for (const chunk of reblog) out.push(chunk);
      else out.push(bytes.null);
    } else out.push((slot === 'favourited' ? card.likedByMe : card.bookmarkedByMe) ? bytes.true : bytes.false);
    out.push(texts[k + 1] as Buffer);
  }
}

/** A card's template, kept with its cache entry for one origin (the server's, unless none is configured). */
interface Kept {
  origin: string;
  template: Template;
}

/**
 * Templates kept with cache entries: from a card's second page on, as the feed keeps its cards' JSON
 * (null once noted). Held weakly: a card out of the cache takes its template with it.
 */
const kept = new WeakMap<CachedCard, Kept | null>();

/** People's Accounts as JSON with the version of the row they were written from, per database. */
interface KeptAccount {
  version: number;
  row: VersionedAccountRow;
  origin: string;
  json: Buffer;
}
// As many people as the card cache holds cards (modules/posts/queries/card-cache.ts): at most one each.
const accountCacheOf = perDatabase(() => new LRUCache<string, KeptAccount>({ max: 20_000 }));

/** An Account kept for this origin, its JSON written once. */
function accountJsonOf(account: KeptAccount, origin: string): Buffer {
  if (account.origin !== origin) {
    account.origin = origin;
    account.json = Buffer.from(JSON.stringify(accountOf(account.row, origin)));
  }
  return account.json;
}

/**
 * The Statuses of `posts` as one JSON array (see the top of this file). An author gone meanwhile
 * (erased) takes their post out, as in `statusesOf`; a boost is Mastodon's reblog.
 */
export async function statusesJson(ctx: AppContext, request: FastifyRequest, posts: readonly CardPost[]) {
  const origin = originOf(request, ctx);
  const entries = cachedEntriesOf(posts) ?? [];
  const accounts = accountCacheOf(ctx.db);
  // The authors whose Accounts are kept at the version the page read; everyone else is read.
  const current = new Map<string, KeptAccount>();
  const wanted: string[] = [];
  posts.forEach((post, i) => {
    const entry = entries[i];
    const account = entry && accounts.get(post.author._id);
    if (account && account.version === entry.authorVersion) current.set(post.author._id, account);
    else wanted.push(post.author._id);
    if (post.boostedBy) wanted.push(post.boostedBy._id);
  });
  const fresh = new Map<string, KeptAccount>();
  for (const row of await versionedAccounts(
    ctx.db,
    wanted.filter((id) => !current.has(id)),
  )) {
    const json = Buffer.from(JSON.stringify(accountOf(row, origin)));
    const account = { version: Number(row.row_version), row, origin, json };
    fresh.set(row.public_id, account);
    accounts.set(row.public_id, account);
  }
  const accountOfId = (id: string) => fresh.get(id) ?? current.get(id);
  const out: Chunks = [punctuation.open];
  posts.forEach((post, i) => {
    const author = accountOfId(post.author._id);
    if (!author) return;
    if (out.length > 1) out.push(punctuation.comma);
    const entry = entries[i];
    const booster = post.boostedBy ? accountOfId(post.boostedBy._id) : undefined;
    const template = templateFor(post, entry, author, origin);
    if (!booster) {
      write(template, post, accountJsonOf(author, origin), null, out);
      return;
    }
    // As statusesOf wraps it: the booster's status, with no content of its own, around the post's.
    const status: Chunks = [];
    write(template, post, accountJsonOf(author, origin), null, status);
    const wrapper = templateOf({
      ...statusOf(post, author.row, origin, slotted),
      content: '',
      media_attachments: [],
      card: null,
      account: null,
      reblog: null,
    });
    write(wrapper, post, accountJsonOf(booster, origin), status, out);
  });
  out.push(punctuation.close);
  return Buffer.concat(out);
}

const punctuation = { open: Buffer.from('['), comma: Buffer.from(','), close: Buffer.from(']') };

/**
 * The card's template: kept with its entry when it was made for this origin from the author's row at
 * the version the entry was built from, else made (and kept, from the card's second page on).
 */
function templateFor(post: CardPost, entry: CachedCard | undefined, author: KeptAccount, origin: string): Template {
  const known = entry && kept.get(entry);
  if (known && known.origin === origin) return known.template;
  const template = templateOf(statusOf(post, author.row, origin, slotted));
  if (entry && author.version === entry.authorVersion) {
    if (known === undefined) kept.set(entry, null);
    else kept.set(entry, { origin, template });
  }
  return template;
}
