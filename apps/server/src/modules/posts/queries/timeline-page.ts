import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../../db/database';
import { rowsUnpacker, selectColumns } from '../../../db/packed-rows';
import { prepared } from '../../../db/prepared';
import type { Key } from '../../../db/schema';
import { isoOf } from '../../../db/time';
import type { Keyset } from '../../../paging/cursor';
import type { PageRequest } from '../../../paging/page-request';
import { afterOf, type Continues, continues, type PageArgs, pageArgs, rowsOf } from '../../../paging/page-shape';
import { blockedEitherWay, hiddenCommentCount, mutedBy, postVisibleTo } from '../../safety';
import { type BoostedRow, withBoosters } from './boosted-by';
import { type CardRow, cardRowsByIds } from './cards';
import { afterKeyset, byTime, type Page, toPage } from './feeds';
import { bookmarkedByViewer, likedByViewer } from './viewer-flags';

/**
 * A home page, newest first, from the precomputed timeline (docs/decisions/011-home-timelines.md),
 * merged with the two kinds of posts it does not hold: those still waiting for their fan-out, and
 * those of followed authors above the fan-out limit. Most pages have neither, and a statement that
 * holds all three parts costs much more than one that reads the timeline alone even when the other two
 * find nothing (SQLite sets up every part: docs/performance-log.md, "Page statements compiled once, the
 * timeline read alone", 2026-11-24), so the page is first read from the timeline alone, with two flags
 * worked out once for the statement that say whether the viewer has either of the others; only then is
 * it read again with those parts (a small statement asks for the flags when the timeline gave no row to
 * carry them). The page's rows and the viewer's horizon come from one statement (one snapshot: a trim
 * between two reads cannot hide rows); with the timeline alone, so do the rows the cards are checked
 * against.
 * Undefined when the answer cannot be trusted: the page reaches below the viewer's horizon (older
 * rows were trimmed or never backfilled), or is empty; then the caller reads the slow way.
 */
export async function timelinePage(db: Db, viewerId: Key, page: PageRequest): Promise<Page | undefined> {
  // The timeline alone (most pages): the page's rows and their cards' rows in one statement.
  const picked = await timelineCards(db, viewerId, page);
  const [parts] = picked.length > 0 ? picked : await timelinePartsQuery(db, 'one', { viewer: viewerId });
  if (!parts?.pending && !parts?.merged) {
    return trusted(picked, page) ? withBoosters(db, picked, await toPage(db, picked, page.limit, byTime)) : undefined;
  }
  return mergedTimelinePage(db, viewerId, page, parts);
}

/** The page with the posts waiting for their fan-out, or those of followed authors above the fan-out limit. */
async function mergedTimelinePage(db: Db, viewerId: Key, page: PageRequest, parts: TimelineParts) {
  const shape: TimelineShape = `${continues(page)} ${parts.pending ? 'pending' : 'none'} ${parts.merged ? 'merged' : 'none'}`;
  const picked = await timelineIdsQuery(db, shape, { viewer: viewerId, ...pageArgs(page) });
  if (!trusted(picked, page)) return undefined;
  const cardRows = await cardRowsByIds(
    db,
    viewerId,
    picked.map((r) => Number(r.id)),
  );
  // Sorted here, not by the database: an ORDER BY on posts invites PostgreSQL to walk the posts by time.
  // A boost's entry is at the boost's time, which orders and continues the page, and names its booster.
  // A post both boosted and waiting for its fan-out comes twice: the newest (first) entry is kept.
  const entries = new Map<string, { i: number; created_at: Date | string; boosted_by: Key | null }>();
  picked.forEach((r, i) => {
    if (!entries.has(r.public_id)) entries.set(r.public_id, { i, created_at: r.created_at, boosted_by: r.boosted_by });
  });
  const found = cardRows.flatMap((row) => {
    const entry = entries.get(row.public_id);
    return entry ? [{ ...row, created_at: isoOf(entry.created_at), boosted_by: entry.boosted_by, i: entry.i }] : [];
  });
  found.sort((a, b) => a.i - b.i);
  return withBoosters(db, found, await toPage(db, found, page.limit, byTime));
}

/**
 * Whether a page read from the timeline is the page: not empty, and not reaching below the viewer's
 * horizon (rows older than it were trimmed or never backfilled).
 */
function trusted(picked: { created_at: Date | string; horizon: Date | string | null }[], page: PageRequest) {
  const first = picked[0];
  const last = picked[picked.length - 1];
  if (!first || !last) return false;
  return first.horizon === null || (picked.length >= page.limit + 1 && isoOf(last.created_at) >= isoOf(first.horizon));
}

type TimelineShape = `${Continues} ${'pending' | 'none'} ${'merged' | 'none'}`;
type TimelineRow = BoostedRow & { id: Key; created_at: Date | string; horizon: Date | string | null };

/** Rows older than the horizon were trimmed; the horizon is read once for the statement, not per row. */
const horizonOf = (viewerId: Key) =>
  sql`(select s.horizon from home_timeline_horizons s where s.viewer_id = ${viewerId})`;

/** What the timeline's page statement answers of each row, in order (`selectColumns`). */
const timelineCardNames = [
  'id',
  'public_id',
  'like_count',
  'created_at',
  'row_version',
  'author_row_version',
  'boosted_by',
  'liked_by_me',
  'bookmarked_by_me',
  'hidden_comments',
  'horizon',
  'pending',
  'merged',
] as const;

/**
 * The timeline's page with what `cardQuery` selects (versions, the viewer's like and bookmark) and
 * the horizon: its posts are already joined for the visibility rule, so their cards' rows come with
 * them rather than from a second statement looking each post up again. Its values are integers,
 * text and NULL: on SQLite each row comes as one JSON array (db/packed-rows.ts).
 */
const timelineCardsQuery = prepared(
  (db: Db, args: PageArgs & { viewer: Key }, shape: `${Continues} ${'exact' | 'time'}`) => {
    const [from, order] = shape.split(' ') as [Continues, 'exact' | 'time'];
    const viewerId = args.viewer;
    const after = afterOf(args, from);
    const horizon = horizonOf(viewerId);
    // `time`: in the index's order, one row more (timelineCards breaks the ties).
    const orderBy =
      order === 'exact'
        ? sql`order by h.created_at desc, p.public_id desc limit ${sql.lit(rowsOf(from))}`
        : sql`order by h.created_at desc limit ${sql.lit(rowsOf(from) + 1)}`;
    const values: Record<(typeof timelineCardNames)[number], RawBuilder<unknown>> = {
      id: sql`p.id`,
      public_id: sql`p.public_id`,
      like_count: sql`p.like_count`,
      // The entry's time: the post's, or for a boost's entry the boost's (the same for every other entry).
      created_at: sql`h.created_at`,
      row_version: sql`p.row_version`,
      author_row_version: sql`a.row_version`,
      boosted_by: sql`h.boosted_by`,
      liked_by_me: likedByViewer(db, 'p.id', viewerId),
      bookmarked_by_me: bookmarkedByViewer('p.id', viewerId),
      hidden_comments: hiddenCommentCount(viewerId, 'p.id'),
      horizon,
      ...partsOf(viewerId),
    };
    const columns = timelineCardNames.map((name) => [name, values[name]] as const);
    return sql<unknown>`select ${selectColumns(db, columns)}
    from home_timeline h
    join posts p on p.id = h.post_id
    join users a on a.id = p.author_id
    where h.viewer_id = ${viewerId} ${after ? sql`and h.created_at <= ${after.t} and ${entryAfter(after)}` : sql``}
    and ${postVisibleTo(viewerId, { post: 'p', author: 'a', mutes: true })} and ${boosterShown(viewerId)}
    and (${horizon} is null or h.created_at >= ${horizon})
    ${orderBy}`;
  },
);

const timelineCardRows = rowsUnpacker<TimelineCardRow>(timelineCardNames);

/** The timeline's page statement in one of its shapes, its rows named. */
const readTimelineCards = async (
  db: Db,
  shape: `${Continues} ${'exact' | 'time'}`,
  args: PageArgs & { viewer: Key },
): Promise<TimelineCardRow[]> => timelineCardRows(db, await timelineCardsQuery(db, shape, args));

type TimelineCardRow = CardRow & BoostedRow & TimelineParts & { horizon: Date | string | null };

/**
 * The timeline's page rows, newest first, ties by public id. On SQLite they are read in the index's
 * order (time alone) and the ties put in order here: breaking them in the statement made SQLite sort
 * each run of equal times through a temporary B-tree, a large part of the statement's instructions
 * (callgrind: docs/performance-log.md, "Rows as arrays or JSON, ties broken in JavaScript",
 * 2026-11-28). One row more is read than the page needs: when it is older than the page's last row,
 * no row left unread can tie with that one, and the page is exact; otherwise (a tie across the page's
 * edge, as a bulk import makes) the page is read again with the ties broken by the statement. On
 * PostgreSQL the statement breaks them (an incremental sort, cheap there, and its collation, not
 * JavaScript's, orders the ids).
 */
async function timelineCards(db: Db, viewerId: Key, page: PageRequest): Promise<TimelineCardRow[]> {
  const from = continues(page);
  const args = { viewer: viewerId, ...pageArgs(page) };
  if (db.kind !== 'sqlite') return readTimelineCards(db, `${from} exact`, args);
  const rows = rowsOf(from);
  const read = await readTimelineCards(db, `${from} time`, args);
  const edge = read[rows];
  const last = read[rows - 1];
  if (edge && last && isoOf(edge.created_at) === isoOf(last.created_at)) {
    return readTimelineCards(db, `${from} exact`, args);
  }
  return read.slice(0, rows).sort(newestFirst);
}

/** Newest first, ties by public id, descending (SQLite's binary order of the ASCII ids). */
const newestFirst = (a: TimelineCardRow, b: TimelineCardRow) => {
  const at = isoOf(a.created_at);
  const bt = isoOf(b.created_at);
  if (at !== bt) return at < bt ? 1 : -1;
  return a.public_id < b.public_id ? 1 : a.public_id > b.public_id ? -1 : 0;
};

/** Whether the viewer has posts the timeline does not hold: some waiting for their fan-out, some merged at read time. */
type TimelineParts = { pending: unknown; merged: unknown };

/** A followed author's post waits for its fan-out; the viewer follows an author above the fan-out limit. */
const followed = (viewerId: Key, author: RawBuilder<unknown>) =>
  sql`exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = ${author})`;

/**
 * `TimelineParts` as two expressions. Both are driven from their own small tables (pending jobs,
 * merged authors), never from the follows, and ask nothing of the row they stand beside, so both
 * engines work them out once per statement (PostgreSQL as InitPlans).
 */
const partsOf = (viewerId: Key) => ({
  pending: sql`exists (select 1 from fanout_pending q where ${followed(
    viewerId,
    sql`(select p.author_id from posts p where p.id = q.post_id)`,
  )})`,
  merged: sql`exists (select 1 from merged_authors m where ${followed(viewerId, sql.ref('m.author_id'))})`,
});

const timelinePartsQuery = prepared((_db: Db, args: { viewer: Key }) => {
  const { pending, merged } = partsOf(args.viewer);
  return sql<TimelineParts>`select ${pending} as pending, ${merged} as merged`;
});

const timelineIdsQuery = prepared((_db: Db, args: PageArgs & { viewer: Key }, shape: TimelineShape) => {
  const [from, pendingPart, mergedPart] = shape.split(' ');
  const viewerId = args.viewer;
  const after = afterOf(args, from as Continues);
  const rows = sql.lit(rowsOf(from as Continues));
  // The visibility rule on each candidate row (a change of visibility, a block, a mute apply at once).
  const seen = (alias: string) => postVisibleTo(viewerId, { post: alias, mutes: true });
  const pastCursor = (alias: string) => (after ? sql`and ${afterKeyset(alias, 'newest', after)}` : sql``);
  const newest = sql`order by p.created_at desc, p.public_id desc limit ${rows}`;
  const horizon = horizonOf(viewerId);
  const timeline = sql`select h.post_id as id, h.created_at, p.public_id, h.boosted_by from home_timeline h
    join posts p on p.id = h.post_id
    where h.viewer_id = ${viewerId} ${after ? sql`and h.created_at <= ${after.t} and ${entryAfter(after)}` : sql``}
    and ${seen('p')} and ${boosterShown(viewerId)}
    and (${horizon} is null or h.created_at >= ${horizon})
    order by h.created_at desc, p.public_id desc limit ${rows}`;
  const parts = [timeline];
  if (pendingPart === 'pending') {
    // Each pending row looks its post up by key (scalar subqueries: both engines then start from the
    // few pending rows, never from a walk of the posts). No order or limit: the outer query sorts.
    const column = (name: string) => sql`(select p.${sql.raw(name)} from posts p where p.id = q.post_id)`;
    parts.push(sql`select x.id, x.created_at, x.public_id, x.boosted_by from (
      select q.post_id as id, ${column('created_at')} as created_at, ${column('public_id')} as public_id,
        ${column('author_id')} as author_id, ${column('visibility')} as visibility,
        ${column('removed_at')} as removed_at, cast(null as bigint) as boosted_by from fanout_pending q
    ) x where ${followed(viewerId, sql.ref('x.author_id'))} ${pastCursor('x')} and ${seen('x')}`);
  }
  if (mergedPart === 'merged') {
    parts.push(sql`select p.id, p.created_at, p.public_id, cast(null as bigint) as boosted_by from posts p
    where p.author_id in (select m.author_id from merged_authors m where ${followed(viewerId, sql.ref('m.author_id'))})
    ${pastCursor('p')} and ${seen('p')} ${newest}`);
  }
  const union = sql.join(
    parts.map((part) => sql`select * from (${part}) t`),
    sql` union `,
  );
  return sql<TimelineRow>`
    select u.id, u.created_at, u.public_id, u.boosted_by, ${horizon} as horizon
    from (${union}) u
    order by u.created_at desc, u.public_id desc limit ${rows}`;
});

/** After the cursor in the timeline's order: the entry's time (a boost's is the boost's), then the post's public id. */
const entryAfter = (after: Keyset) =>
  afterKeyset({ time: 'h.created_at', likes: 'p.like_count', id: 'p.public_id' }, 'newest', after);

/**
 * A boost's entry is shown only while its booster is: not blocked either way, not muted, not
 * suspended. Every other entry stops at its null `boosted_by`, read from the covering index.
 */
const boosterShown = (viewerId: Key) =>
  sql`(h.boosted_by is null or not (${blockedEitherWay(viewerId, 'h.boosted_by')} or ${mutedBy(viewerId, 'h.boosted_by')}
    or exists (select 1 from users bs where bs.id = h.boosted_by and bs.suspended_at is not null)))`;
