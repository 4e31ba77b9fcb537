import type { PostOrder } from '@spotter/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import { prepared } from '../../../db/prepared';
import type { Key } from '../../../db/schema';
import { isoOf } from '../../../db/time';
import type { PageRequest } from '../../../paging/page-request';
import { afterOf, type Continues, continues, type PageArgs, pageArgs, rowsOf } from '../../../paging/page-shape';
import { postVisibleTo } from '../../safety';
import { cardQuery } from './cards';
import { afterKeyset, byLikes, byTime, ordered, sortKey, toPage } from './feeds';
import { timelinePage } from './timeline-page';

/** How many people the viewer follows: the counter on their row, which the slow way's bound starts from. */
const followingCountOf = async (db: Db, viewerId: Key): Promise<number> =>
  (await followingCountQuery(db, 'one', { viewer: viewerId }))[0]?.following_count ?? 0;

const followingCountQuery = prepared((db: Db, args: { viewer: Key }) =>
  db.kysely.selectFrom('users').select('following_count').where('id', '=', args.viewer),
);

/** The viewer and everyone they follow: the authors of their home feed. */
function homeAuthors(db: Db, viewerId: Key) {
  return db.kysely
    .selectFrom('follows')
    .select('follows.followee_id as author')
    .where('follows.follower_id', '=', viewerId)
    .unionAll(db.kysely.selectNoFrom(sql<Key>`${viewerId}`.as('author')));
}

interface Floor {
  l: number;
  t: string;
}

/**
 * A lower bound of the page's last row, found with one short index walk per author instead of
 * reading every post of everyone the viewer follows (a number that grows with the network): take each
 * author's m-th post after the cursor; when n = ceil(rows / m) of those are at or above some value,
 * at least n * m >= rows posts are, so the whole page lies at or above the n-th highest of them.
 * Undefined when too few authors have m posts left (then all of theirs are fewer than authors × m).
 * Trending compares (like count, time), newest the time alone: both only widen the bound on ties.
 */
async function homeFloor(db: Db, viewerId: Key, order: PostOrder, page: PageRequest): Promise<Floor | undefined> {
  const rows = page.limit + 1;
  const m = Math.max(1, Math.ceil(rows / ((await followingCountOf(db, viewerId)) + 1)));
  // The offset is written into the SQL (part of the shape), as the page's row count is: a bound
  // one made SQLite prepare the statement again on every run.
  const found = await homeFloorQuery(db, `${order} ${continues(page)} ${m - 1}`, {
    viewer: viewerId,
    ...pageArgs(page),
  });
  const floors = found
    .flatMap((f) => (f.t === null ? [] : [{ l: Number(f.l), t: isoOf(f.t as Date | string) }]))
    .sort((a, b) => b.l - a.l || (a.t < b.t ? 1 : a.t > b.t ? -1 : 0));
  return floors[Math.ceil(rows / m) - 1];
}

const homeFloorQuery = prepared(
  (db: Db, args: PageArgs & { viewer: Key }, shape: `${PostOrder} ${Continues} ${number}`) => {
    const [order, from, offset] = shape.split(' ') as [PostOrder, Continues, string];
    const after = afterOf(args, from);
    // Counted among the posts the viewer may see only: a hidden one below the bound would make it too high.
    const seen = (alias: string) => postVisibleTo(args.viewer, { post: alias, mutes: true });
    const nth = (column: 'like_count' | 'created_at') =>
      sql`(select ${sql.ref(`q.${column}`)} from posts q where q.author_id = a.author and ${seen('q')}${
        after ? sql` and ${afterKeyset('q', order, after)}` : sql``
      } order by ${sortKey('q', order)} limit 1 offset ${sql.lit(Number(offset))})`;
    return db.kysely
      .selectFrom(homeAuthors(db, args.viewer).as('a'))
      .select([(order === 'trending' ? nth('like_count') : sql`0`).as('l'), nth('created_at').as('t')]);
  },
);

/**
 * Home: the viewer's own posts and those of the people they follow. Newest first, a page comes from
 * the precomputed timeline when it can (timeline-page.ts); otherwise, and in trending order (whose
 * sort key moves with every like), the slow way: the page's ids are picked from the per-author
 * indexes alone (no row is read before it is known to be on the page), the cards are then built for
 * those rows only.
 */
export async function homePage(db: Db, viewerId: Key, order: PostOrder, page: PageRequest) {
  if (order === 'newest') {
    const fast = await timelinePage(db, viewerId, page);
    if (fast) return fast;
  }
  return slowHomePage(db, viewerId, order, page);
}

/** Home read from the posts of everyone the viewer follows (the way before precomputed timelines). */
export async function slowHomePage(db: Db, viewerId: Key, order: PostOrder, page: PageRequest) {
  const floor = await homeFloor(db, viewerId, order, page);
  const rows = await slowHomeQuery(db, `${order} ${continues(page)} ${floor ? 'floor' : 'all'}`, {
    viewer: viewerId,
    floorL: floor?.l ?? 0,
    floorT: floor?.t ?? '',
    ...pageArgs(page),
  });
  return toPage(db, rows, page.limit, order === 'trending' ? byLikes : byTime);
}

const slowHomeQuery = prepared(
  (
    db: Db,
    args: PageArgs & { viewer: Key; floorL: number; floorT: string },
    shape: `${PostOrder} ${Continues} ${'floor' | 'all'}`,
  ) => {
    const [order, from, bound] = shape.split(' ') as [PostOrder, Continues, 'floor' | 'all'];
    let ids = db.kysely
      .selectFrom('posts')
      .select('posts.id')
      .where('posts.author_id', 'in', homeAuthors(db, args.viewer))
      .where(postVisibleTo(args.viewer, { mutes: true }));
    if (bound === 'floor') {
      ids = ids.where(
        order === 'trending'
          ? sql<boolean>`(posts.like_count, posts.created_at) >= (${args.floorL}, ${args.floorT})`
          : sql<boolean>`posts.created_at >= ${args.floorT}`,
      );
    }
    return cardQuery(db, args.viewer)
      .innerJoin(ordered(ids, order, afterOf(args, from), rowsOf(from)).as('page'), 'page.id', 'posts.id')
      .orderBy(sortKey('posts', order));
  },
  { packed: true },
);
