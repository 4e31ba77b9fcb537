import type { CardPost, WorkoutSummary } from '@spotter/contract';
import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/database';
import { type DatabaseSchema, type Key, noKey } from '../db/schema';
import { toApiTimestamp } from '../db/time';
import { toUserSummary } from './users';
import { postVisibleTo } from './visibility';

type PostsAndAuthors = DatabaseSchema & { author: DatabaseSchema['users'] };

/**
 * Posts as cards: the author's summary and, for the viewer, likedByMe and bookmarkedByMe, in ONE
 * query (two indexed EXISTS per row), whatever the size of the network.
 */
export function cardQuery(db: Db, viewerId: Key | undefined) {
  const viewer = viewerId ?? noKey;
  return db.kysely
    .selectFrom('posts')
    .innerJoin('users as author', 'author.id', 'posts.author_id')
    .select([
      'posts.id',
      'posts.public_id',
      'posts.content',
      'posts.image',
      'posts.media_type',
      'posts.alt',
      'posts.media_width',
      'posts.media_height',
      'posts.like_count',
      'posts.comment_count',
      'posts.created_at',
      'posts.updated_at',
      'posts.edited_at',
      'posts.workout_summary',
      'posts.visibility',
      'author.public_id as author_public_id',
      'author.username',
      'author.firstname',
      'author.lastname',
      'author.avatar_url',
    ])
    .select((eb: ExpressionBuilder<PostsAndAuthors, 'posts' | 'author'>) => [
      eb
        .exists(
          eb
            .selectFrom('likes')
            .select('likes.post_id')
            .whereRef('likes.post_id', '=', 'posts.id')
            .where('likes.user_id', '=', viewer),
        )
        .as('liked_by_me'),
      eb
        .exists(
          eb
            .selectFrom('bookmarks')
            .select('bookmarks.post_id')
            .whereRef('bookmarks.post_id', '=', 'posts.id')
            .where('bookmarks.user_id', '=', viewer),
        )
        .as('bookmarked_by_me'),
    ]);
}

type RowOf<Q> = Q extends SelectQueryBuilder<infer _DB, infer _TB, infer R> ? R : never;
export type CardRow = RowOf<ReturnType<typeof cardQuery>>;

export function toCardPost(row: CardRow): CardPost {
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
    // SQLite answers EXISTS with 0/1, PostgreSQL with a boolean.
    likedByMe: Boolean(row.liked_by_me),
    bookmarkedByMe: Boolean(row.bookmarked_by_me),
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
    // Absent rather than null on a post without one: older clients see the card they knew.
    ...(row.workout_summary ? { workout: JSON.parse(row.workout_summary) as WorkoutSummary } : {}),
  };
}

/** One card, by the post's public id: undefined when there is none the viewer may see. */
export async function cardById(db: Db, postId: string, viewerId: Key | undefined): Promise<CardPost | undefined> {
  const row = await cardQuery(db, viewerId)
    .where('posts.public_id', '=', postId)
    .where(postVisibleTo(viewerId, { author: 'author' }))
    .executeTakeFirst();
  return row ? toCardPost(row) : undefined;
}
