import type { CardPost, PostOrder } from '@spotter/contract';
import type { Db } from '../db/database';
import type { Keyset } from '../paging/cursor';
import { type CardRow, cardQuery, toCardPost } from './cards';

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

const iso = (value: Date | string) => (typeof value === 'string' ? value : value.toISOString());

/** Takes `limit + 1` rows: the extra one only says whether another page exists. */
function toPage<R extends CardRow>(rows: R[], limit: number, keysetOf: (row: R) => Keyset): Page {
  const pageRows = rows.slice(0, limit);
  const last = pageRows[pageRows.length - 1];
  return { posts: pageRows.map(toCardPost), next: rows.length > limit && last ? keysetOf(last) : null };
}

const byTime = (row: CardRow): Keyset => ({ t: iso(row.created_at), i: row.id });
const byLikes = (row: CardRow): Keyset => ({ l: row.like_count, t: iso(row.created_at), i: row.id });

type CardQuery = ReturnType<typeof cardQuery>;

/** Orders a card query newest or trending first and continues after a keyset. */
function ordered(query: CardQuery, order: PostOrder, page: PageRequest) {
  const { after } = page;
  if (order === 'trending') {
    const q = after
      ? query.where((eb) =>
          eb(
            eb.refTuple('posts.like_count', 'posts.created_at', 'posts.id'),
            '<',
            eb.tuple(after.l ?? 0, after.t, after.i),
          ),
        )
      : query;
    return q
      .orderBy('posts.like_count', 'desc')
      .orderBy('posts.created_at', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(page.limit + 1);
  }
  const q = after
    ? query.where((eb) => eb(eb.refTuple('posts.created_at', 'posts.id'), '<', eb.tuple(after.t, after.i)))
    : query;
  return q
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(page.limit + 1);
}

/** Explore: every post, newest or trending first. */
export async function explorePage(db: Db, viewerId: string | undefined, order: PostOrder, page: PageRequest) {
  const rows = await ordered(cardQuery(db, viewerId), order, page).execute();
  return toPage(rows, page.limit, order === 'trending' ? byLikes : byTime);
}

/** Home: the viewer's own posts and those of the people they follow. */
export async function homePage(db: Db, viewerId: string, order: PostOrder, page: PageRequest) {
  const query = cardQuery(db, viewerId).where((eb) =>
    eb.or([
      eb('posts.author_id', '=', viewerId),
      eb(
        'posts.author_id',
        'in',
        eb.selectFrom('follows').select('follows.followee_id').where('follows.follower_id', '=', viewerId),
      ),
    ]),
  );
  const rows = await ordered(query, order, page).execute();
  return toPage(rows, page.limit, order === 'trending' ? byLikes : byTime);
}

/** One person's posts, newest first. */
export async function authorPage(db: Db, viewerId: string | undefined, authorId: string, page: PageRequest) {
  const rows = await ordered(cardQuery(db, viewerId).where('posts.author_id', '=', authorId), 'newest', page).execute();
  return toPage(rows, page.limit, byTime);
}

/** Posts the viewer liked or bookmarked, most recent first; the keyset is the time of the like/bookmark. */
export async function reactedPage(db: Db, viewerId: string, table: 'likes' | 'bookmarks', page: PageRequest) {
  const { after } = page;
  // likes and bookmarks have the same three columns; typing the join as `likes` covers both.
  const mine = `${table as 'likes'} as mine` as const;
  let query = cardQuery(db, viewerId)
    .innerJoin(mine, 'mine.post_id', 'posts.id')
    .select('mine.created_at as reacted_at')
    .where('mine.user_id', '=', viewerId);
  if (after) {
    query = query.where((eb) => eb(eb.refTuple('mine.created_at', 'posts.id'), '<', eb.tuple(after.t, after.i)));
  }
  const rows = await query
    .orderBy('mine.created_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(page.limit + 1)
    .execute();
  return toPage(rows, page.limit, (row) => ({ t: iso(row.reacted_at), i: row.id }));
}
