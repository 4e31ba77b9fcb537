import type { CardPost } from '@spotter/contract';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/database';
import type { Key } from '../db/schema';

/** How many cards a process keeps (about 1 KB each), least recently used out first. */
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
}

/** One cache per open database: keys are only meaningful within one. */
const caches = new WeakMap<Db, LRUCache<Key, CachedCard>>();

function cacheOf(db: Db) {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache<Key, CachedCard>({ max: cardCacheSize });
    caches.set(db, cache);
  }
  return cache;
}

/** A cached card is good while both rows are at the versions the page just read (and the id is still that post). */
const current = (entry: CachedCard | undefined, row: CardCheck) =>
  entry !== undefined &&
  entry.version === Number(row.row_version) &&
  entry.authorVersion === Number(row.author_row_version) &&
  entry.publicId === row.public_id;

/**
 * The cards of `rows`, in order, from the cache where it is current, the others read in one query
 * (`read`) and kept. The versions come from the page query: a like, an edit or a new avatar made
 * through any server raises them in the database (migration 043), so the next page read anywhere
 * rebuilds that card. A card whose row is gone between the page and the read is left out.
 */
export async function cachedCards(
  db: Db,
  rows: CardCheck[],
  read: (ids: Key[]) => Promise<CachedCard[]>,
): Promise<(CardPost | undefined)[]> {
  const cache = cacheOf(db);
  const missing = rows.filter((row) => !current(cache.get(row.id), row)).map((row) => row.id);
  if (missing.length > 0) {
    for (const entry of await read(missing)) {
      cache.set(entry.id, { ...entry, version: Number(entry.version), authorVersion: Number(entry.authorVersion) });
    }
  }
  return rows.map((row) => cache.get(row.id)?.card);
}

/** Empties the database's card cache (tests that count the queries of a cold page). */
export function forgetCards(db: Db) {
  caches.get(db)?.clear();
}
