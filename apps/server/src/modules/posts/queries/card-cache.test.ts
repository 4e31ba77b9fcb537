import type { CardPost } from '@spotter/contract';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../db/database';
import type { Key } from '../../../db/schema';
import { type CardCheck, cachedCards, readsLately } from './card-cache';

/** The cache is keyed by the database object only: a stand-in does for one. */
const newDb = () => ({}) as Db;
const row = (id: number, version = 1): CardCheck => ({
  id: id as Key,
  public_id: `post-${id}`,
  row_version: version,
  author_row_version: 1,
});
const made = (check: CardCheck) => ({
  id: check.id,
  publicId: check.public_id,
  version: check.row_version,
  authorVersion: check.author_row_version,
  card: { _id: check.public_id, content: `v${check.row_version}` } as CardPost,
});

/** A reader that makes the cards asked for and remembers what it was asked. */
function reader(rows: CardCheck[]) {
  const asked: Key[][] = [];
  const read = async (ids: Key[]) => {
    asked.push(ids);
    return rows.filter((r) => ids.includes(r.id)).map(made);
  };
  return { asked, read };
}

describe('the card cache', () => {
  it('keeps the cards it made, and hands back the cards of a read it does not keep without keeping them', async () => {
    const db = newDb();
    const rows = [row(1), row(2)];
    const { asked, read } = reader(rows);

    const once = await cachedCards(db, rows, read, false);
    expect(once.map((entry) => entry?.card._id)).toEqual(['post-1', 'post-2']);
    // Not kept: the next read makes them again.
    await cachedCards(db, rows, read, true);
    expect(asked).toEqual([
      [1, 2],
      [1, 2],
    ]);
    // Kept by that read: the next one asks for nothing.
    const kept = await cachedCards(db, rows, read, false);
    expect(asked).toHaveLength(2);
    expect(kept.map((entry) => entry?.card._id)).toEqual(['post-1', 'post-2']);
  });

  it('makes again only the cards whose row moved on, and gives each page its own order', async () => {
    const db = newDb();
    await cachedCards(db, [row(1), row(2), row(3)], reader([row(1), row(2), row(3)]).read);
    // The post 2 was edited: its row is at version 2.
    const { asked, read } = reader([row(1), row(2, 2), row(3)]);
    const again = await cachedCards(db, [row(3), row(2, 2), row(1)], read, false);
    expect(asked).toEqual([[2]]);
    expect(again.map((entry) => entry?.card.content)).toEqual(['v1', 'v2', 'v1']);
  });

  it('counts the reads of a page lately: a first, a second, and any after', () => {
    const db = newDb();
    expect([1, 2, 3, 4].map(() => readsLately(db, 'author 7 '))).toEqual([1, 2, 3, 3]);
    expect(readsLately(db, 'author 8 ')).toBe(1);
    // Another database knows nothing of the first one's pages.
    expect(readsLately(newDb(), 'author 7 ')).toBe(1);
  });
});
