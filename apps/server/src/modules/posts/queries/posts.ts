import type { Post, PostVisibility } from '@spotter/contract';
import { sql } from 'kysely';
import { chunks, groupBy } from '../../../db/chunks';
import type { Db } from '../../../db/database';
import type { ClaimInTransaction } from '../../../db/idempotency-keys';
import type { InTransaction } from '../../../db/in-transaction';
import { prepared } from '../../../db/prepared';
import type { Key, MediaRow, PostRow } from '../../../db/schema';
import { nowIso, toApiTimestamp } from '../../../db/time';
import { type Bounded, newestInListOrder } from '../../../paging/bounded';
import { type SummaryRow, summaryColumns, toUserSummary } from '../../accounts';
import { claimMedia, detachMedia } from '../../media';
import { aboutPost, unreadRecipients } from '../../notifications';
import { hiddenCommentCount, moderatorOpens, postVisibleTo, userVisibleTo, type ViewerKey } from '../../safety';
import { postPhotosOf } from '../post-fields';
import { addOwnPost, requeueFanout } from './home-timeline';

type PostWithAuthor = PostRow & {
  username: string;
  firstname: string;
  lastname: string;
  avatar_url: string;
  hidden_comments: number | string;
};

/**
 * Posts joined with their author's summary, and how many of the comments they count the viewer may
 * not see (`hiddenCommentCount`, issue 45 finding 15; none for an anonymous reader).
 */
const postsWithAuthor = (db: Db, viewerId: ViewerKey) =>
  db.kysely
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.author_id')
    .selectAll('posts')
    .select(['users.username', 'users.firstname', 'users.lastname', 'users.avatar_url'])
    .select((viewerId === undefined ? sql<number>`0` : hiddenCommentCount(viewerId, 'posts.id')).as('hidden_comments'));

/**
 * Full posts of SPEC §3, with likedBy and dislikedBy as user summaries, in batched queries. Only the
 * people the viewer may see are listed (`userVisibleTo`: not suspended, no block either way), as on
 * their profile and in the follow lists (issue 45, finding 11); likeCount stays the public figure.
 */
async function toPosts(db: Db, rows: PostWithAuthor[], viewerId: ViewerKey): Promise<Post[]> {
  if (rows.length === 0) return [];
  const liked: (SummaryRow & { post_id: Key })[] = [];
  const disliked: (SummaryRow & { post_id: Key })[] = [];
  for (const part of chunks(rows.map((r) => r.id))) {
    for (const [table, into] of [
      ['likes', liked],
      ['dislikes', disliked],
    ] as const) {
      into.push(
        ...(await db.kysely
          .selectFrom(table)
          .innerJoin('users', 'users.id', `${table}.user_id`)
          .select([...summaryColumns, `${table}.post_id`])
          .where(`${table}.post_id`, 'in', part)
          .where(userVisibleTo(viewerId))
          .orderBy(`${table}.created_at`)
          .orderBy('users.public_id')
          .execute()),
      );
    }
  }
  const likedBy = groupBy(liked, (l) => l.post_id);
  const dislikedBy = groupBy(disliked, (l) => l.post_id);
  // Written out, not spread from post-fields.ts's helpers: see there why.
  return rows.map((row) => ({
    _id: row.public_id,
    content: row.content,
    image: row.image,
    mediaType: row.media_type,
    alt: row.alt,
    mediaWidth: row.media_width,
    mediaHeight: row.media_height,
    likes: {
      likeCount: row.like_count,
      likedBy: (likedBy.get(row.id) ?? []).map(toUserSummary),
      dislikedBy: (dislikedBy.get(row.id) ?? []).map(toUserSummary),
    },
    commentCount: Math.max(0, row.comment_count - Number(row.hidden_comments)),
    username: row.username,
    firstname: row.firstname,
    lastname: row.lastname,
    avatarUrl: row.avatar_url,
    createdAt: toApiTimestamp(row.created_at),
    updatedAt: toApiTimestamp(row.updated_at),
    editedAt: row.edited_at === null ? null : toApiTimestamp(row.edited_at),
    visibility: row.visibility,
    photos: postPhotosOf(row),
  }));
}

/** The newest `max` public posts in list order (oldest first), as the spec's GET /posts answers. */
export async function allPosts(db: Db, max: number, viewerId?: ViewerKey): Promise<Bounded<Post>> {
  const rows = await postsWithAuthor(db, viewerId)
    .where(postVisibleTo(viewerId, { author: 'users', publicOnly: true, mutes: true }))
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.public_id', 'desc')
    .limit(max + 1)
    .execute();
  const bounded = newestInListOrder(rows, max);
  return { items: await toPosts(db, bounded.items, viewerId), cut: bounded.cut };
}

/** A user's newest `max` posts the viewer may see, in list order, found by username regardless of case. */
export async function postsByUsername(
  db: Db,
  username: string,
  max: number,
  viewerId: ViewerKey,
): Promise<Bounded<Post>> {
  const rows = await postsWithAuthor(db, viewerId)
    .where('users.username_key', '=', username.toLowerCase())
    .where(postVisibleTo(viewerId, { author: 'users' }))
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.public_id', 'desc')
    .limit(max + 1)
    .execute();
  const bounded = newestInListOrder(rows, max);
  return { items: await toPosts(db, bounded.items, viewerId), cut: bounded.cut };
}

/** A full post by its public id, if the viewer may see it. */
export async function postById(db: Db, publicId: string, viewerId: ViewerKey): Promise<Post | undefined> {
  const row = await postsWithAuthor(db, viewerId)
    .where('posts.public_id', '=', publicId)
    .where(postVisibleTo(viewerId, { author: 'users' }))
    .executeTakeFirst();
  return row ? (await toPosts(db, [row], viewerId))[0] : undefined;
}

/**
 * A post a moderator opens whatever the rule says (`moderatorOpens`): a reported one (removed, its
 * author suspended, private), or a suspended person's post (decision 048), to see it in context.
 */
export async function reportedPostById(db: Db, publicId: string, moderatorId: Key): Promise<Post | undefined> {
  const row = await postsWithAuthor(db, moderatorId)
    .where('posts.public_id', '=', publicId)
    .where(moderatorOpens(moderatorId))
    .executeTakeFirst();
  return row ? (await toPosts(db, [row], moderatorId))[0] : undefined;
}

/** The key and author of a post a moderator opens (see `reportedPostById`). */
export const findReportedPost = (db: Db, publicId: string, moderatorId: Key) =>
  db.kysely
    .selectFrom('posts')
    .select(['posts.id', 'posts.author_id'])
    .where('posts.public_id', '=', publicId)
    .where(moderatorOpens(moderatorId))
    .executeTakeFirst();

/** A post's row by its public id. */
export const findPostRow = (db: Db, publicId: string) =>
  db.kysely.selectFrom('posts').selectAll().where('public_id', '=', publicId).executeTakeFirst();

/** A post's key and author by public id, only if the viewer may see it: what a like, comment or bookmark needs first. */
/** A post the viewer may see, by public id: its key and author. */
export const findVisiblePost = async (db: Db, publicId: string, viewerId: ViewerKey) =>
  (await visiblePostQuery(db, viewerId === undefined ? 'anonymous' : 'viewer', { publicId, viewer: viewerId }))[0];

const visiblePostQuery = prepared(
  (db: Db, args: { publicId: string; viewer: ViewerKey }, viewer: 'anonymous' | 'viewer') =>
    db.kysely
      .selectFrom('posts')
      .select(['posts.id', 'posts.author_id'])
      .where('posts.public_id', '=', args.publicId)
      .where(postVisibleTo(viewer === 'anonymous' ? undefined : args.viewer)),
);

export interface PostFields {
  content: string;
  image: string | null;
  mediaType: 'image' | 'video' | null;
  alt: string | null;
  mediaWidth: number | null;
  mediaHeight: number | null;
  /** All its photos as JSON when it has several (migration 123), else null. */
  photos: string | null;
  /** The uploads it shows (claimed for this post in its transaction). */
  mediaIds: Key[];
  /** The workout the post carries and its card summary (JSON); undefined keeps an edited post's. */
  workout?: { id: string | null; summary: string | null; data?: string | null };
  /** Who may see it; undefined keeps an edited post's (a new one then gets its author's default). */
  visibility?: PostVisibility;
}

const workoutColumns = (fields: PostFields) =>
  fields.workout
    ? {
        workout_id: fields.workout.id,
        workout_summary: fields.workout.summary,
        // A remote post's workout, every set (issue 49); a local post's is in the training tables.
        workout_data: fields.workout.data ?? null,
      }
    : {};
const visibilityColumn = (fields: PostFields) => (fields.visibility ? { visibility: fields.visibility } : {});

/**
 * Inserts a post (in its author's home timeline at once, pending fan-out to followers); answers its
 * integer key. `claim` takes its Idempotency-Key first, in the same transaction.
 */
export async function insertPost(
  db: Db,
  post: PostFields & { publicId: string; authorId: Key; createdAt?: string; objectUri?: string },
  then?: InTransaction<Key>,
  claim?: ClaimInTransaction,
): Promise<Key> {
  const at = post.createdAt ?? nowIso();
  return db.kysely.transaction().execute(async (trx) => {
    // The Idempotency-Key first: a call that loses it to another with the same key writes nothing.
    await claim?.(trx);
    const { id } = await trx
      .insertInto('posts')
      .values({
        public_id: post.publicId,
        author_id: post.authorId,
        content: post.content,
        image: post.image,
        media_type: post.mediaType,
        alt: post.alt,
        media_width: post.mediaWidth,
        media_height: post.mediaHeight,
        photos: post.photos,
        like_count: 0,
        created_at: at,
        updated_at: at,
        edited_at: null,
        ...workoutColumns(post),
        // A remote post (issue 49) keeps the id of its Note.
        ...(post.objectUri ? { object_uri: post.objectUri } : {}),
        visibility:
          post.visibility ??
          trx.selectFrom('users').select('users.default_visibility').where('users.id', '=', post.authorId),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const mediaId of post.mediaIds) await claimMedia(trx, mediaId, post.authorId, id);
    await addOwnPost(trx, post.authorId, id, at);
    await trx
      .updateTable('users')
      .set((eb) => ({ post_count: eb('post_count', '+', 1) }))
      .where('id', '=', post.authorId)
      .execute();
    await then?.(trx, id);
    return id;
  });
}

/**
 * Rewrites a post; answers the uploads it no longer shows, whose files the caller deletes. A post
 * that leaves 'private' is queued for fan-out again (the caller then hands it to the queue).
 */
export async function updatePost(
  db: Db,
  id: Key,
  authorId: Key,
  fields: PostFields,
  wasPrivate = false,
  then?: InTransaction<Key>,
): Promise<MediaRow[]> {
  const at = nowIso();
  return db.kysely.transaction().execute(async (trx) => {
    if (wasPrivate && fields.visibility && fields.visibility !== 'private') await requeueFanout(trx, id);
    await trx
      .updateTable('posts')
      .set({
        content: fields.content,
        image: fields.image,
        media_type: fields.mediaType,
        alt: fields.alt,
        media_width: fields.mediaWidth,
        media_height: fields.mediaHeight,
        photos: fields.photos,
        updated_at: at,
        edited_at: at,
        ...workoutColumns(fields),
        ...visibilityColumn(fields),
      })
      .where('id', '=', id)
      .execute();
    const detached = await detachMedia(trx, id, fields.mediaIds);
    for (const mediaId of fields.mediaIds) await claimMedia(trx, mediaId, authorId, id);
    await then?.(trx, id);
    return detached;
  });
}

/**
 * Deletes a post (its likes, bookmarks, comments and notifications go with it) and lowers its
 * author's post count; answers the uploads it showed, whose files the caller deletes, and the people
 * who had an unread entry about it (their count went down).
 */
export async function deletePost(db: Db, id: Key): Promise<{ detached: MediaRow[]; toldOf: Key[] }> {
  return db.kysely.transaction().execute(async (trx) => {
    const detached = await detachMedia(trx, id);
    const toldOf = await unreadRecipients(trx, [aboutPost(id)]);
    const removed = await trx
      .deleteFrom('posts')
      .where('id', '=', id)
      .returning(['author_id', 'removed_at'])
      .executeTakeFirst();
    if (!removed) return { detached: [], toldOf: [] };
    // A removed post no longer counts (decision 046).
    if (removed.removed_at === null)
      await trx
        .updateTable('users')
        .set((eb) => ({ post_count: eb('post_count', '-', 1) }))
        .where('id', '=', removed.author_id)
        .execute();
    return { detached, toldOf };
  });
}
