import type { CardPost, PostOrder } from '@spotter/contract';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../db/database';
import type { Key } from '../db/schema';
import type { Keyset } from '../paging/cursor';
import { type CardRow, cardQuery, toCardPost } from './cards';
import { postVisibleTo } from './visibility';

export interface PageRequest {
  limit: number;
  /** The keyset of the last row of the previous page. */
  after: Keyset | undefined;
}

export interface Page {
  posts: CardPost[];
  /** The keyset to continue after, null on the last page. */
  next: Keyset | null;
}

export const iso = (value: Date | string) => (typeof value === 'string' ? value : value.toISOString());

/** Takes `limit + 1` rows: the extra one only says whether another page exists. */
export function toPage<R extends CardRow>(rows: R[], limit: number, keysetOf: (row: R) => Keyset): Page {
  const pageRows = rows.slice(0, limit);
  const last = pageRows[pageRows.length - 1];
  return { posts: pageRows.map(toCardPost), next: rows.length > limit && last ? keysetOf(last) : null };
}

export const byTime = (row: CardRow): Keyset => ({ t: iso(row.created_at), i: row.public_id });
export const byLikes = (row: CardRow): Keyset => ({ l: row.like_count, t: iso(row.created_at), i: row.public_id });

/**
 * The sort key of a post list as SQL, on a table alias: trending is like count, then newest. Ties
 * are broken by the public id, which cursors carry (and did before integer keys: old cursors hold).
 */
export function sortKey(alias: string, order: PostOrder) {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return order === 'trending'
    ? sql`${column('like_count')} desc, ${column('created_at')} desc, ${column('public_id')} desc`
    : sql`${column('created_at')} desc, ${column('public_id')} desc`;
}

/** "Comes after the cursor" in that order, as SQL (a row-value comparison both databases index). */
export function afterKeyset(alias: string, order: PostOrder, after: Keyset) {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return order === 'trending'
    ? sql<boolean>`(${column('like_count')}, ${column('created_at')}, ${column('public_id')}) < (${after.l ?? 0}, ${after.t}, ${after.i})`
    : sql<boolean>`(${column('created_at')}, ${column('public_id')}) < (${after.t}, ${after.i})`;
}

/** Orders a query of posts newest or trending first, continues after the cursor and takes one page (+1). */
export function ordered<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  order: PostOrder,
  page: PageRequest,
) {
  const { after } = page;
  return (after ? query.where(afterKeyset('posts', order, after)) : query)
    .orderBy(sortKey('posts', order))
    .limit(page.limit + 1);
}

/** Explore: every public post (none of the people the viewer blocks or mutes), newest or trending first. */
export async function explorePage(db: Db, viewerId: Key | undefined, order: PostOrder, page: PageRequest) {
  const visible = postVisibleTo(viewerId, { author: 'author', publicOnly: true, mutes: true });
  const rows = await ordered(cardQuery(db, viewerId).where(visible), order, page).execute();
  return toPage(rows, page.limit, order === 'trending' ? byLikes : byTime);
}

/** One person's posts the viewer may see, newest first. */
export async function authorPage(db: Db, viewerId: Key | undefined, authorId: Key, page: PageRequest) {
  const query = cardQuery(db, viewerId)
    .where('posts.author_id', '=', authorId)
    .where(postVisibleTo(viewerId, { author: 'author' }));
  const rows = await ordered(query, 'newest', page).execute();
  return toPage(rows, page.limit, byTime);
}

/** Posts the viewer liked or bookmarked, most recent first; the keyset is the time of the like/bookmark. */
export async function reactedPage(db: Db, viewerId: Key, table: 'likes' | 'bookmarks', page: PageRequest) {
  const { after } = page;
  // likes and bookmarks have the same three columns; typing the join as `likes` covers both.
  const mine = `${table as 'likes'} as mine` as const;
  let query = cardQuery(db, viewerId)
    .innerJoin(mine, 'mine.post_id', 'posts.id')
    .select('mine.created_at as reacted_at')
    .where('mine.user_id', '=', viewerId)
    .where(postVisibleTo(viewerId, { author: 'author' }));
  if (after) {
    query = query.where((eb) => eb(eb.refTuple('mine.created_at', 'posts.public_id'), '<', eb.tuple(after.t, after.i)));
  }
  const rows = await query
    .orderBy('mine.created_at', 'desc')
    .orderBy('posts.public_id', 'desc')
    .limit(page.limit + 1)
    .execute();
  return toPage(rows, page.limit, (row) => ({ t: iso(row.reacted_at), i: row.public_id }));
}
