import type { CardPost, PostOrder } from '@spotter/contract';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../../db/database';
import { prepared } from '../../../db/prepared';
import { type Key, noKey } from '../../../db/schema';
import { isoOf } from '../../../db/time';
import type { Keyset } from '../../../paging/cursor';
import { comesAfter } from '../../../paging/keyset';
import type { PageRequest } from '../../../paging/page-request';
import { afterOf, type Continues, continues, type PageArgs, pageArgs, rowsOf } from '../../../paging/page-shape';
import { postVisibleTo } from '../../safety';
import { readsLately } from './card-cache';
import { type CardRow, cardOnlyFields, cardQuery, cardsOf, cardsOfFullRows } from './cards';

export interface Page {
  posts: CardPost[];
  /** The keyset to continue after, null on the last page. */
  next: Keyset | null;
}

/** Takes `limit + 1` rows: the extra one only says whether another page exists. The cards come from `cardsOf`. */
export async function toPage<R extends CardRow>(
  db: Db,
  rows: R[],
  limit: number,
  keysetOf: (row: R) => Keyset,
  cards: (db: Db, rows: R[]) => Promise<CardPost[]> = cardsOf,
): Promise<Page> {
  const pageRows = rows.slice(0, limit);
  const last = pageRows[pageRows.length - 1];
  return { posts: await cards(db, pageRows), next: rows.length > limit && last ? keysetOf(last) : null };
}

export const byTime = (row: CardRow): Keyset => ({ t: isoOf(row.created_at), i: row.public_id });
export const byLikes = (row: CardRow): Keyset => ({ l: row.like_count, t: isoOf(row.created_at), i: row.public_id });

/**
 * The columns a list of posts is ordered by: its time, its like count (trending) and the public id
 * that breaks ties. A table alias names a posts table's own; a list read through another index gives
 * its time column (the tag page: `post_tags.created_at`, the post's time kept beside the tag).
 */
export type SortColumns = string | { time: string; likes: string; id: string };
const columnsOf = (columns: SortColumns) =>
  typeof columns === 'string'
    ? { time: `${columns}.created_at`, likes: `${columns}.like_count`, id: `${columns}.public_id` }
    : columns;

/**
 * The sort key of a post list as SQL: trending is like count, then newest. Ties are broken by the
 * public id, which cursors carry (and did before integer keys: old cursors hold).
 */
export function sortKey(columns: SortColumns, order: PostOrder) {
  const { time, likes, id } = columnsOf(columns);
  return order === 'trending'
    ? sql`${sql.ref(likes)} desc, ${sql.ref(time)} desc, ${sql.ref(id)} desc`
    : sql`${sql.ref(time)} desc, ${sql.ref(id)} desc`;
}

/** "Comes after the cursor" in that order, as SQL (a row-value comparison both databases index). */
export function afterKeyset(columns: SortColumns, order: PostOrder, after: Keyset) {
  const { time, likes, id } = columnsOf(columns);
  return order === 'trending'
    ? comesAfter('descending', [likes, time, id], [after.l ?? 0, after.t, after.i])
    : comesAfter('descending', [time, id], [after.t, after.i]);
}

/**
 * Orders a query of posts newest or trending first, continues after the cursor and takes `rows` (a
 * page + 1): every paged list of posts, so that each orders and continues as its cursor says.
 */
export function ordered<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  order: PostOrder,
  after: Keyset | undefined,
  rows: number,
  columns: SortColumns = 'posts',
) {
  return (after ? query.where(afterKeyset(columns, order, after)) : query)
    .orderBy(sortKey(columns, order))
    .limit(sql.lit(rows));
}

const viewerShape = (viewerId: Key | undefined) => (viewerId === undefined ? 'anonymous' : 'viewer');

/** Which posts a list holds by where they were written: all, this server's only, or other servers' (federation). */
export type PostOrigin = 'all' | 'local' | 'remote';

/**
 * Explore: every public post (none of the people the viewer blocks or mutes), newest or trending
 * first; `origin` narrows it to this server's posts or to those federation brought (the Mastodon
 * client API's public timeline with `local` or `remote`, issue 50).
 */
export async function explorePage(
  db: Db,
  viewerId: Key | undefined,
  order: PostOrder,
  page: PageRequest,
  origin: PostOrigin = 'all',
) {
  const shape = `${viewerShape(viewerId)} ${order} ${continues(page)} ${origin}` as const;
  const rows = await explorePageQuery(db, shape, { viewer: viewerId ?? noKey, ...pageArgs(page) });
  return toPage(db, rows, page.limit, order === 'trending' ? byLikes : byTime);
}

const explorePageQuery = prepared(
  (
    db: Db,
    args: PageArgs & { viewer: Key },
    shape: `${'anonymous' | 'viewer'} ${PostOrder} ${Continues} ${PostOrigin}`,
  ) => {
    const [viewer, order, from, origin] = shape.split(' ') as [
      'anonymous' | 'viewer',
      PostOrder,
      Continues,
      PostOrigin,
    ];
    const viewerId = viewer === 'anonymous' ? undefined : args.viewer;
    const visible = postVisibleTo(viewerId, { author: 'author', publicOnly: true, mutes: true });
    let query = cardQuery(db, args.viewer).where(visible);
    if (origin !== 'all') query = query.where('posts.object_uri', origin === 'local' ? 'is' : 'is not', null);
    return ordered(query, order, afterOf(args, from), rowsOf(from));
  },
  { packed: true },
);

/**
 * One person's posts the viewer may see, newest first. `suspendedAuthor`: the person is suspended and
 * a moderator opens their profile (decision 048); the moderator sees what the rule would show them
 * were the person not suspended (removed and private posts stay hidden).
 *
 * A person's page is most often one nobody read lately (the bench's profile scenario: any of 10,000
 * people), whose cards are not cached: such a page reads its cards' fields with its rows and makes
 * them from those, with no second statement, and does not keep them: most such pages are read
 * once. Its second read lately makes its cards the same way and keeps them; from the third on, it
 * reads only what checks its cached cards (decision 057).
 */
export async function authorPage(
  db: Db,
  viewerId: Key | undefined,
  authorId: Key,
  page: PageRequest,
  options: { suspendedAuthor?: boolean } = {},
) {
  const reader = options.suspendedAuthor && viewerId !== undefined ? 'moderator' : viewerShape(viewerId);
  return readAuthorPage(db, `${reader} key`, `author ${authorId}`, { author: authorId, name: '' }, viewerId, page);
}

/**
 * As `authorPage`, for a person named by their username, read by the page
 * statement itself: one statement, not the person's row first. Only a person who is neither
 * suspended nor blocked either way has posts the rule shows, so a page with posts says all a
 * caller needs; an empty one does not tell a person with no posts to show from no such person,
 * which the caller then asks apart (modules/posts/routes/posts-by-user.ts).
 */
export async function authorPageByName(db: Db, viewerId: Key | undefined, username: string, page: PageRequest) {
  const named = { author: noKey, name: username.toLowerCase() };
  return readAuthorPage(db, `${viewerShape(viewerId)} name`, `author @${named.name}`, named, viewerId, page);
}

async function readAuthorPage(
  db: Db,
  reader: `${AuthorPageReader} ${'key' | 'name'}`,
  pageName: string,
  author: { author: Key; name: string },
  viewerId: Key | undefined,
  page: PageRequest,
) {
  const shape = `${reader} ${continues(page)}` as const;
  const args = { viewer: viewerId ?? noKey, ...author, ...pageArgs(page) };
  const reads = readsLately(db, `${pageName} ${page.after?.i ?? ''}`);
  if (reads === 3) return toPage(db, await authorPageQuery(db, shape, args), page.limit, byTime);
  return toPage(db, await authorPageWithCardsQuery(db, shape, args), page.limit, byTime, (on, rows) =>
    cardsOfFullRows(on, rows, reads === 2),
  );
}

type AuthorPageReader = 'anonymous' | 'viewer' | 'moderator';
type AuthorPageArgs = PageArgs & { viewer: Key; author: Key; name: string };
type AuthorPageShape = `${AuthorPageReader} ${'key' | 'name'} ${Continues}`;

function authorPosts(db: Db, args: AuthorPageArgs, shape: AuthorPageShape) {
  const [viewer, by, from] = shape.split(' ') as [AuthorPageReader, 'key' | 'name', Continues];
  const query = cardQuery(db, args.viewer)
    .where(
      'posts.author_id',
      '=',
      by === 'key'
        ? args.author
        : (eb) => eb.selectFrom('users as named').select('named.id').where('named.username_key', '=', args.name),
    )
    .where(
      postVisibleTo(viewer === 'anonymous' ? undefined : args.viewer, {
        author: 'author',
        suspendedAuthor: viewer === 'moderator',
      }),
    );
  return ordered(query, 'newest', afterOf(args, from), rowsOf(from));
}

const authorPageQuery = prepared(authorPosts, { packed: true });
const authorPageWithCardsQuery = prepared(
  (db: Db, args: AuthorPageArgs, shape: AuthorPageShape) => authorPosts(db, args, shape).select(cardOnlyFields),
  { packed: true },
);

/** Posts the viewer liked or bookmarked, most recent first; the keyset is the time of the like/bookmark. */
export async function reactedPage(db: Db, viewerId: Key, table: 'likes' | 'bookmarks', page: PageRequest) {
  const rows = await reactedPageQuery(db, `${table} ${continues(page)}`, { viewer: viewerId, ...pageArgs(page) });
  return toPage(db, rows, page.limit, (row) => ({ t: isoOf(row.reacted_at), i: row.public_id }));
}

const reactedPageQuery = prepared(
  (db: Db, args: PageArgs & { viewer: Key }, shape: `${'likes' | 'bookmarks'} ${Continues}`) => {
    const [table, from] = shape.split(' ') as ['likes' | 'bookmarks', Continues];
    // likes and bookmarks have the same three columns; typing the join as `likes` covers both.
    const mine = `${table as 'likes'} as mine` as const;
    const query = cardQuery(db, args.viewer)
      .innerJoin(mine, 'mine.post_id', 'posts.id')
      .select('mine.created_at as reacted_at')
      .where('mine.user_id', '=', args.viewer)
      .where(postVisibleTo(args.viewer, { author: 'author' }));
    return (
      from.startsWith('after')
        ? query.where(comesAfter('descending', ['mine.created_at', 'posts.public_id'], [args.t, args.i]))
        : query
    )
      .orderBy('mine.created_at', 'desc')
      .orderBy('posts.public_id', 'desc')
      .limit(sql.lit(rowsOf(from)));
  },
  { packed: true },
);
