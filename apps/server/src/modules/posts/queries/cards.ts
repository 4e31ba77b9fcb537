import type { CardPost, WorkoutSummary } from '@spotter/contract';
import { type Compilable, type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../../db/database';
import { type Columns, packedColumn, rowsUnpacker } from '../../../db/packed-rows';
import { listArgs, oneOf, prepared } from '../../../db/prepared';
import { type Key, noKey } from '../../../db/schema';
import { toApiTimestamp } from '../../../db/time';
import { toUserSummary } from '../../accounts';
import { hiddenCommentCount, moderatorOpens, postVisibleTo } from '../../safety';
import { postPhotosOf } from '../post-fields';
import { cachedCards, viewerCards } from './card-cache';
import { bookmarkedByViewer, likedByViewer } from './viewer-flags';

/** What a page statement reads of each post: what orders and continues the page, and the card's versions. */
const pageFields = [
  'posts.id',
  'posts.public_id',
  'posts.like_count',
  'posts.created_at',
  'posts.row_version',
  'author.row_version as author_row_version',
] as const;

/**
 * The rows of a page of posts: what picks, orders and continues the page (the keys, the sort keys),
 * the versions of the rows a card is made of, and, for the viewer, likedByMe and bookmarkedByMe (two
 * indexed EXISTS per row) and the comments the card counts that the viewer may not see
 * (`hiddenCommentCount`: nothing per row for a viewer without blocks or mutes), in ONE query whatever the size of the network. The cards themselves come
 * from `cardsOf`, from the process's card cache when the versions match (decision 031). Page queries
 * add their WHERE, ORDER BY and LIMIT to this (`posts` and `users as author` are in scope).
 */
export function cardQuery(db: Db, viewerId: Key | undefined) {
  const viewer = viewerId ?? noKey;
  return db.kysely
    .selectFrom('posts')
    .innerJoin('users as author', 'author.id', 'posts.author_id')
    .select(pageFields)
    .select([
      likedByViewer(db, 'posts.id', viewer).as('liked_by_me'),
      bookmarkedByViewer('posts.id', viewer).as('bookmarked_by_me'),
      hiddenCommentCount(viewer, 'posts.id').as('hidden_comments'),
    ]);
}

type RowOf<Q> = Q extends SelectQueryBuilder<infer _DB, infer _TB, infer R> ? R : never;
export type CardRow = RowOf<ReturnType<typeof cardQuery>>;

/** The page rows (cardQuery's) of the posts `ids` for the viewer, in no order: a page picked by another statement. */
export async function cardRowsByIds(db: Db, viewerId: Key | undefined, ids: readonly Key[]): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  return cardRowsQuery(db, String(ids.length), { viewer: viewerId ?? noKey, ...listArgs('id', ids) });
}

const cardRowsQuery = prepared(
  (db: Db, args: Record<string, unknown>, count: string) =>
    cardQuery(db, args.viewer as Key).where(oneOf(db, 'posts.id', args, 'id', Number(count))),
  { packed: true },
);

/** A card's fields, `table.column` or `table.column as name`, in the order the card is built from them. */
const cardFields = [
  'posts.id',
  'posts.public_id',
  'posts.content',
  'posts.image',
  'posts.media_type',
  'posts.alt',
  'posts.media_width',
  'posts.media_height',
  'posts.photos',
  'posts.like_count',
  'posts.comment_count',
  'posts.created_at',
  'posts.updated_at',
  'posts.edited_at',
  'posts.workout_summary',
  'posts.visibility',
  'posts.row_version',
  'author.row_version as author_row_version',
  'author.public_id as author_public_id',
  'author.username',
  'author.firstname',
  'author.lastname',
  'author.avatar_url',
] as const;

/** Everything a card shows, for posts whose card is not cached (or is out of date): the card's fields, in one place. */
export function cardFieldsQuery(db: Db, which: Expression<SqlBool>) {
  return postsAndAuthors(db).select(cardFields).where(which);
}

const postsAndAuthors = (db: Db) =>
  db.kysely.selectFrom('posts').innerJoin('users as author', 'author.id', 'posts.author_id');

/** The card's fields as [name in the row, column]: integers, text and NULL, so they can be packed on SQLite. */
const cardFieldColumns: Columns = cardFields.map((field) => {
  const [column = field, alias] = field.split(' as ');
  return [alias ?? column.slice(column.indexOf('.') + 1), sql.ref(column)] as const;
});
const cardFieldRows = rowsUnpacker<CardFieldsRow>(cardFieldColumns.map(([name]) => name));

export type CardFieldsRow = RowOf<ReturnType<typeof cardFieldsQuery>>;

/** A card as everyone sees it; likedByMe and bookmarkedByMe are the viewer's, set by `cardsOf`. */
export function toCardPost(row: CardFieldsRow): CardPost {
  // Written out, not spread from post-fields.ts's helpers: see there why.
  return {
    _id: row.public_id,
    content: row.content,
    image: row.image,
    mediaType: row.media_type,
    alt: row.alt,
    mediaWidth: row.media_width,
    mediaHeight: row.media_height,
    likeCount: row.like_count,
    commentCount: row.comment_count,
    likedByMe: false,
    bookmarkedByMe: false,
    author: toUserSummary({
      public_id: row.author_public_id,
      username: row.username,
      firstname: row.firstname,
      lastname: row.lastname,
      avatar_url: row.avatar_url,
    }),
    username: row.username,
    createdAt: toApiTimestamp(row.created_at),
    updatedAt: toApiTimestamp(row.updated_at),
    editedAt: row.edited_at === null ? null : toApiTimestamp(row.edited_at),
    visibility: row.visibility,
    photos: postPhotosOf(row),
    // Absent rather than null on a post without one: older clients see the card they knew.
    ...(row.workout_summary ? { workout: JSON.parse(row.workout_summary) as WorkoutSummary } : {}),
  };
}

/** The fields of the cards `ids`, read by key, for the cards a page needs and the cache lacks. */
const readCardFields = async (db: Db, ids: Key[]) =>
  cardFieldRows(db, await cardFieldsByIds(db, String(ids.length), listArgs('id', ids))).map(withVersions);

/** The cards of a page's rows, in their order, as the viewer sees them. */
export async function cardsOf(db: Db, rows: CardRow[]): Promise<CardPost[]> {
  return viewerCardsOf(rows, await cachedCards(db, rows, (ids) => readCardFields(db, ids)));
}

/**
 * The card fields a page statement selects besides its own (`cardQuery`'s), for pages whose cards are
 * seldom cached (`cardsOfFullRows`).
 */
export const cardOnlyFields = cardFields.filter((field) => !(pageFields as readonly string[]).includes(field));
export type FullCardRow = CardRow & CardFieldsRow;

/**
 * As `cardsOf`, for rows that carry every card field (a page statement that also selected
 * `cardOnlyFields`): the cards the cache lacks are made from the rows, with no second statement.
 */
export async function cardsOfFullRows(db: Db, rows: FullCardRow[], keep = true): Promise<CardPost[]> {
  const entries = await cachedCards(
    db,
    rows,
    async (ids) => {
      const wanted = new Set(ids);
      return rows.filter((row) => wanted.has(row.id)).map(withVersions);
    },
    keep,
  );
  return viewerCardsOf(rows, entries);
}

function viewerCardsOf(rows: CardRow[], entries: Awaited<ReturnType<typeof cachedCards>>): CardPost[] {
  // A card whose row is gone between the page and the read is left out. SQLite answers EXISTS with
  // 0/1, PostgreSQL with a boolean.
  return viewerCards(
    rows.flatMap((row, i) => {
      const entry = entries[i];
      return entry
        ? [
            {
              entry,
              likedByMe: Boolean(row.liked_by_me),
              bookmarkedByMe: Boolean(row.bookmarked_by_me),
              hiddenComments: Number(row.hidden_comments),
            },
          ]
        : [];
    }),
  );
}

/**
 * The fields of the cards `args.id` (a list of `count`). Up to 20 rows of 23 values: on SQLite each
 * row comes as one JSON array (db/packed-rows.ts).
 */
const cardFieldsByIds = prepared((db: Db, args: Record<string, unknown>, count: string): Compilable<unknown> => {
  const which = oneOf(db, 'posts.id', args, 'id', Number(count));
  if (db.kind !== 'sqlite') return cardFieldsQuery(db, which);
  return postsAndAuthors(db).select(packedColumn(cardFieldColumns).as('packed')).where(which);
});

const withVersions = (row: CardFieldsRow) => ({
  id: row.id,
  publicId: row.public_id,
  version: row.row_version,
  authorVersion: row.author_row_version,
  card: toCardPost(row),
});

/** One card, by the post's public id: undefined when there is none the viewer may see. */
export async function cardById(db: Db, postId: string, viewerId: Key | undefined): Promise<CardPost | undefined> {
  const [row] = await cardByIdQuery(db, viewerId === undefined ? 'anonymous' : 'viewer', {
    postId,
    viewer: viewerId ?? noKey,
  });
  return row ? (await cardsOf(db, [row]))[0] : undefined;
}

const cardByIdQuery = prepared((db: Db, args: { postId: string; viewer: Key }, viewer: 'anonymous' | 'viewer') =>
  cardQuery(db, args.viewer)
    .where('posts.public_id', '=', args.postId)
    .where(postVisibleTo(viewer === 'anonymous' ? undefined : args.viewer, { author: 'author' })),
);

/** A card a moderator opens whatever the rule says (`moderatorOpens`: reported, decision 046; a suspended person's, 048). */
export async function reportedCardById(db: Db, postId: string, viewerId: Key): Promise<CardPost | undefined> {
  const row = await cardQuery(db, viewerId)
    .where('posts.public_id', '=', postId)
    .where(moderatorOpens(viewerId))
    .executeTakeFirst();
  return row ? (await cardsOf(db, [row]))[0] : undefined;
}
