import type { CardPost } from '@spotter/contract';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../../db/database';
import { perDatabase } from '../../../db/per-database';
import type { Key } from '../../../db/schema';

/** How many cards a process keeps (their memory: decision 031), least recently used out first. */
export const cardCacheSize = 20_000;

/** What a page query reads of each row to check a cached card (cards.ts `cardQuery`). */
export interface CardCheck {
  id: Key;
  public_id: string;
  row_version: number;
  author_row_version: number;
}

/** A card as built, with the versions of the post and author rows it was built from. */
export interface CachedCard {
  id: Key;
  publicId: string;
  version: number;
  authorVersion: number;
  card: CardPost;
  /**
   * The card's JSON, kept by the page serializer (http/page-serializer.ts) the second time it writes
   * the card; `null` once it has written it once.
   */
  json: CardJson | null | undefined;
}

/**
 * A card's JSON in two objects: its properties before likedByMe and bookmarkedByMe (`head`) and
 * after them (`tail`), with their lengths in UTF-8 bytes; `ascii` when both are ASCII. Kept from a
 * card's second page on: most cards read once (a stranger's profile) are not worth keeping.
 */
export interface CardJson {
  head: string;
  tail: string;
  headBytes: number;
  tailBytes: number;
  ascii: boolean;
}

/**
 * What a list of the viewer's cards was made from (`viewerCards`), for the page serializer: the cards
 * as made and their entries, one per list, held weakly, so a page answered and dropped takes nothing
 * with it.
 */
const madeFrom = new WeakMap<
  readonly CardPost[],
  { cards: readonly CardPost[]; entries: readonly (CachedCard | undefined)[] }
>();

/** A cached card as one viewer sees it. */
export interface ViewerFlags {
  entry: CachedCard;
  likedByMe: boolean;
  bookmarkedByMe: boolean;
  /** The comments the card counts that the viewer may not see (blocked either way, muted): 0 for most. */
  hiddenComments?: number;
}

/**
 * The viewer's copies of cached cards, remembered with their entries. A card whose comment count the
 * viewer reads lower (issue 45, finding 15) is remembered without its entry: the entry's kept JSON
 * holds everyone's count, so the serializer writes that card whole.
 */
export function viewerCards(picked: readonly ViewerFlags[]): CardPost[] {
  // The spread keeps the cached key order (commentCount is overwritten in its place).
  const cards = picked.map(({ entry, likedByMe, bookmarkedByMe, hiddenComments = 0 }) =>
    hiddenComments > 0
      ? {
          ...entry.card,
          commentCount: Math.max(0, entry.card.commentCount - hiddenComments),
          likedByMe,
          bookmarkedByMe,
        }
      : { ...entry.card, likedByMe, bookmarkedByMe },
  );
  madeFrom.set(cards, {
    cards: [...cards],
    entries: picked.map((p) => ((p.hiddenComments ?? 0) > 0 ? undefined : p.entry)),
  });
  return cards;
}

/**
 * The cache entry each card of `cards` was copied from by `viewerCards`, where the card at that place
 * is still the one made there (a list sorted or spliced afterwards keeps the entries of the cards
 * that did not move); undefined for a list `viewerCards` did not make.
 */
export function cachedEntriesOf(cards: readonly CardPost[]): (CachedCard | undefined)[] | undefined {
  const made = madeFrom.get(cards);
  return made && cards.map((card, i) => (made.cards[i] === card ? made.entries[i] : undefined));
}

/** One cache per open database: keys are only meaningful within one. */
const cacheOf = perDatabase(() => new LRUCache<Key, CachedCard>({ max: cardCacheSize }));

/** A cached card is good while both rows are at the versions the page just read (and the id is still that post). */
const current = (entry: CachedCard | undefined, row: CardCheck) =>
  entry !== undefined &&
  entry.version === Number(row.row_version) &&
  entry.authorVersion === Number(row.author_row_version) &&
  entry.publicId === row.public_id;

/**
 * The cache entries of the cards of `rows`, in order, current ones from the cache, the others read
 * in one query (`read`) and kept unless `keep` is false. The versions come from the page query: a
 * like, an edit or a new avatar made through any server raises them in the database (migration 043),
 * so the next page read anywhere rebuilds that card. A card whose row is gone between the page and
 * the read is left out. `keep: false` is for a page read for the first time lately (a stranger's
 * profile, most often read once): its cards, kept, would push out cards that are read again, and
 * each would live long enough to be copied to V8's old generation before being dropped.
 */
export async function cachedCards(
  db: Db,
  rows: CardCheck[],
  read: (ids: Key[]) => Promise<Omit<CachedCard, 'json'>[]>,
  keep = true,
): Promise<(CachedCard | undefined)[]> {
  const cache = cacheOf(db);
  const missing = rows.filter((row) => !current(cache.get(row.id), row)).map((row) => row.id);
  if (missing.length === 0) return rows.map((row) => cache.get(row.id));
  const made = new Map<Key, CachedCard>();
  for (const entry of await read(missing)) {
    // Every property there from the start (json too): entries share one hidden class, which setting
    // json later keeps.
    const cached: CachedCard = {
      id: entry.id,
      publicId: entry.publicId,
      version: Number(entry.version),
      authorVersion: Number(entry.authorVersion),
      card: entry.card,
      json: undefined,
    };
    made.set(entry.id, cached);
    if (keep) cache.set(entry.id, cached);
  }
  return rows.map((row) => made.get(row.id) ?? cache.get(row.id));
}

/**
 * Pages read lately and how often, by what names a page (a person and where the page starts): about
 * as many pages as the card cache holds cards for. A page read lately twice or more most likely finds
 * its cards cached; one not read lately most likely does not (decision 057); its second read keeps them.
 */
const pagesRead = perDatabase(() => new LRUCache<string, 1 | 2 | 3>({ max: cardCacheSize / 20 }));

/**
 * How often the page `page` was read lately, this read included: 1 for a page not read lately, 2 for
 * its second read, 3 for any after that.
 */
export function readsLately(db: Db, page: string): 1 | 2 | 3 {
  const pages = pagesRead(db);
  // The get marks the page as read lately; past the third read the count stays where it is.
  const reads = Math.min((pages.get(page) ?? 0) + 1, 3) as 1 | 2 | 3;
  if (reads < 3) pages.set(page, reads);
  return reads;
}

/** Empties the database's card cache (tests that count the queries of a cold page), and what predicts it. */
export function forgetCards(db: Db) {
  cacheOf.made(db)?.clear();
  pagesRead.made(db)?.clear();
}
