import type { Db } from '../../../db/database';
import type { Key } from '../../../db/schema';
import { toApiTimestamp } from '../../../db/time';
import { comesAfter } from '../../../paging/keyset';
import { postContentOf, postPhotosOf, postTimesOf } from '../../posts';

/**
 * What an account export reads (issue 16): everything one person made, a page at a time in the
 * order of an index (integer keys ascending), so that an export's memory does not grow with it.
 * Each reader answers one page after the key `after` and the key to continue from.
 */
export interface ExportPage<T, C = Key> {
  rows: T[];
  next: C | undefined;
}

/** Where a list read by (created_at, key) goes on: likes, bookmarks and follows are indexed so. */
export interface TimeKey {
  t: string;
  k: Key;
}

/** The page size of every reader. */
export const exportPageSize = 200;

/** A reader's page: the rows shaped, and where the next page starts (after the last row) when this one is full. */
function pageAfter<R, T, C>(rows: R[], shape: (row: R) => T, keyOf: (row: R) => C): ExportPage<T, C> {
  const last = rows[rows.length - 1];
  return { rows: rows.map(shape), next: rows.length === exportPageSize && last ? keyOf(last) : undefined };
}

const pageOf = <R extends { k: Key }, T>(rows: R[], shape: (row: R) => T) => pageAfter(rows, shape, (row) => row.k);

const timePageOf = <R extends { k: Key; created_at: string }, T>(rows: R[], shape: (row: R) => T) =>
  pageAfter(rows, shape, (row): TimeKey => ({ t: row.created_at, k: row.k }));

const time = (value: Date | string | null) => (value === null ? null : toApiTimestamp(value));

export async function exportedPosts(db: Db, userId: Key, after: Key) {
  const rows = await db.kysely
    .selectFrom('posts')
    .select([
      'id as k',
      'public_id',
      'content',
      'image',
      'media_type',
      'alt',
      'media_width',
      'media_height',
      'photos',
      'visibility',
      'workout_id',
      'like_count',
      'comment_count',
      'created_at',
      'updated_at',
      'edited_at',
    ])
    .where('author_id', '=', userId)
    .where('id', '>', after)
    .orderBy('id')
    .limit(exportPageSize)
    .execute();
  return pageOf(rows, (r) => ({
    ...postContentOf(r),
    visibility: r.visibility,
    workoutId: r.workout_id,
    likeCount: r.like_count,
    commentCount: r.comment_count,
    ...postTimesOf(r),
    photos: postPhotosOf(r),
  }));
}

export async function exportedComments(db: Db, userId: Key, after: Key) {
  const rows = await db.kysely
    .selectFrom('comments as c')
    .innerJoin('posts as p', 'p.id', 'c.post_id')
    .leftJoin('comments as parent', 'parent.id', 'c.parent_id')
    .select([
      'c.id as k',
      'c.public_id',
      'p.public_id as post_id',
      'parent.public_id as parent_id',
      'c.content',
      'c.created_at',
      'c.updated_at',
    ])
    .where('c.author_id', '=', userId)
    .where('c.id', '>', after)
    .orderBy('c.id')
    .limit(exportPageSize)
    .execute();
  return pageOf(rows, (r) => ({
    _id: r.public_id,
    postId: r.post_id,
    parentId: r.parent_id,
    content: r.content,
    createdAt: time(r.created_at),
    updatedAt: time(r.updated_at),
  }));
}

/** The posts they liked or bookmarked, by the post's id (which may be another person's). */
export async function exportedReactions(db: Db, table: 'likes' | 'bookmarks', userId: Key, after: TimeKey | undefined) {
  let query = db.kysely
    .selectFrom(table)
    .innerJoin('posts', 'posts.id', `${table}.post_id`)
    .select([`${table}.post_id as k`, 'posts.public_id', `${table}.created_at`])
    .where(`${table}.user_id`, '=', userId);
  if (after) {
    query = query.where(comesAfter('ascending', [`${table}.created_at`, `${table}.post_id`], [after.t, after.k]));
  }
  const rows = await query.orderBy(`${table}.created_at`).orderBy(`${table}.post_id`).limit(exportPageSize).execute();
  return timePageOf(rows, (r) => ({ postId: r.public_id, at: time(r.created_at) }));
}

/** 'following': the people they follow; 'followers': the people who follow them. */
export async function exportedFollows(
  db: Db,
  side: 'following' | 'followers',
  userId: Key,
  after: TimeKey | undefined,
) {
  const [mine, theirs] =
    side === 'following' ? (['follower_id', 'followee_id'] as const) : (['followee_id', 'follower_id'] as const);
  let query = db.kysely
    .selectFrom('follows')
    .innerJoin('users', 'users.id', `follows.${theirs}`)
    .select([`follows.${theirs} as k`, 'users.public_id', 'users.username', 'follows.created_at'])
    .where(`follows.${mine}`, '=', userId);
  if (after) {
    query = query.where(comesAfter('ascending', ['follows.created_at', `follows.${theirs}`], [after.t, after.k]));
  }
  const rows = await query.orderBy('follows.created_at').orderBy(`follows.${theirs}`).limit(exportPageSize).execute();
  return timePageOf(rows, (r) => ({ _id: r.public_id, username: r.username, since: time(r.created_at) }));
}

/** Their uploads: the stored file's name, and the post that shows it, if one does. */
export async function exportedMedia(db: Db, userId: Key, after: Key) {
  const rows = await db.kysely
    .selectFrom('media')
    .leftJoin('posts', 'posts.id', 'media.post_id')
    .select([
      'media.id as k',
      'media.public_id',
      'media.key',
      'media.type',
      'media.width',
      'media.height',
      'media.bytes',
      'media.created_at',
      'posts.public_id as post_id',
    ])
    .where('media.owner_id', '=', userId)
    .where('media.id', '>', after)
    .orderBy('media.id')
    .limit(exportPageSize)
    .execute();
  return pageOf(rows, (r) => ({
    _id: r.public_id,
    file: r.key,
    type: r.type,
    width: r.width,
    height: r.height,
    bytes: r.bytes,
    postId: r.post_id,
    createdAt: time(r.created_at),
  }));
}
