import type { Comment } from '@spotter/contract';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../../db/database';
import type { InTransaction } from '../../../db/in-transaction';
import { prepared } from '../../../db/prepared';
import { type DatabaseSchema, type Key, noKey } from '../../../db/schema';
import { isoOf, nowIso, toApiTimestamp } from '../../../db/time';
import type { CommentKeyset } from '../../../paging/comment-cursor';
import { comesAfter } from '../../../paging/keyset';
import { lockPeople, toUserSummary } from '../../accounts';
import { ifNotSuspended } from '../../moderation';
import { aboutCommentThread, unreadRecipients } from '../../notifications';
import { commentVisibleTo, postVisibleTo, reportedComment, type ViewerKey } from '../../safety';

/** Comments with their author's summary, their post's and their parent's public ids. */
const commentsWithAuthor = (db: Db) =>
  db.kysely
    .selectFrom('comments')
    .innerJoin('users as author', 'author.id', 'comments.author_id')
    .innerJoin('posts', 'posts.id', 'comments.post_id')
    .leftJoin('comments as parent', 'parent.id', 'comments.parent_id')
    .select([
      'comments.id',
      'comments.public_id',
      'comments.content',
      'comments.thread_at',
      'comments.thread_public_id',
      'comments.created_at',
      'comments.updated_at',
      'posts.public_id as post_public_id',
      'parent.public_id as parent_public_id',
      'author.public_id as author_public_id',
      'author.username',
      'author.firstname',
      'author.lastname',
      'author.avatar_url',
    ]);

type CommentRow = Awaited<ReturnType<ReturnType<typeof commentsWithAuthor>['executeTakeFirstOrThrow']>>;

/** A comment as the API answers it; its post's and parent's public ids given apart (a page knows them without a join). */
const commentOf = (
  row: Omit<CommentRow, 'post_public_id' | 'parent_public_id'>,
  postPublicId: string,
  parentPublicId: string | null,
): Comment => ({
  _id: row.public_id,
  postId: postPublicId,
  content: row.content,
  replyTo: parentPublicId,
  author: toUserSummary({
    public_id: row.author_public_id,
    username: row.username,
    firstname: row.firstname,
    lastname: row.lastname,
    avatar_url: row.avatar_url,
  }),
  createdAt: toApiTimestamp(row.created_at),
  updatedAt: toApiTimestamp(row.updated_at),
});

const toComment = (row: CommentRow): Comment => commentOf(row, row.post_public_id, row.parent_public_id);

export async function commentByKey(db: Db, id: Key): Promise<Comment | undefined> {
  const row = await commentsWithAuthor(db).where('comments.id', '=', id).executeTakeFirst();
  return row ? toComment(row) : undefined;
}

/** What a new comment is attached to: who may be told of it. */
export interface NewComment {
  id: Key;
  publicId: string;
  postId: Key;
  postAuthorId: Key;
  /** The author of the top-level comment a reply answers. */
  parentAuthorId: Key | null;
}

/** A comment the person may see (one cannot answer what is hidden from one). */
async function commentSeen(trx: Transaction<DatabaseSchema>, id: Key, viewerId: Key) {
  const row = await trx
    .selectFrom('comments')
    .select('comments.id')
    .where('comments.id', '=', id)
    .where(commentVisibleTo(viewerId))
    .executeTakeFirst();
  return row !== undefined;
}

export type CreateCommentOutcome =
  | { kind: 'no-post' }
  | { kind: 'no-parent' }
  | { kind: 'no-actor' }
  | { kind: 'created'; comment: NewComment };

type Trx = Transaction<DatabaseSchema>;
type ParentRow = { id: Key; parent_id: Key | null; author_id: Key; created_at: Date | string; public_id: string };

/**
 * A comment by key, on PostgreSQL with a KEY SHARE lock: it cannot be deleted before the reply that
 * names it commits (and a delete that went first leaves nothing to find: a 404, not a foreign key 500).
 */
function lockedComment(db: Db, trx: Trx, where: { publicId: string; postId: Key } | { id: Key }) {
  const query = trx
    .selectFrom('comments')
    .select(['id', 'parent_id', 'author_id', 'created_at', 'public_id'])
    .where((eb) =>
      'id' in where
        ? eb('id', '=', where.id)
        : eb.and([eb('public_id', '=', where.publicId), eb('post_id', '=', where.postId)]),
    );
  return (db.kind === 'postgres' ? query.forKeyShare() : query).executeTakeFirst() as Promise<ParentRow | undefined>;
}

/**
 * The post a comment is written on or deleted from, by key, on PostgreSQL locked FOR NO KEY UPDATE
 * (its comment_count moves). Every write that adds or deletes comments takes it before any comment
 * row, so a reply and the deletion of its parent take turns (issue 45, finding 6), and two comments
 * on one post are not stopped by it any more than by the count they both move.
 */
export function lockCommentedPost(db: Db, trx: Trx, postId: Key) {
  const query = trx.selectFrom('posts').select(['id', 'author_id']).where('id', '=', postId);
  return (db.kind === 'postgres' ? query.forNoKeyUpdate() : query).executeTakeFirst();
}

/**
 * Adds a comment and raises the post's comment_count in one transaction (decision 004: the counter
 * moves with its rows). A reply to a reply attaches to its top-level comment. `then` runs in the
 * same transaction, after (the route records the comment's notifications there: one commit).
 *
 * Locks in the order every writer takes them: the people it names (accounts' lockPeople: the
 * author, the post's author, the authors it replies to, the mentioned, whom its notifications
 * name), then the post, then the comment it answers (issue 45, finding 6: a reply racing its
 * parent's deletion, or a comment racing its author's erasure, answered 500 or left the count off).
 */
export function insertComment(
  db: Db,
  input: {
    publicId: string;
    postPublicId: string;
    authorId: Key;
    content: string;
    replyTo?: string;
    mentioned?: readonly Key[];
    /** A remote comment's Note id (issue 49). */
    objectUri?: string;
  },
  then?: InTransaction<NewComment>,
): Promise<CreateCommentOutcome> {
  return db.kysely.transaction().execute(async (trx) => {
    const named = await trx
      .selectFrom('posts')
      .select(['id', 'author_id'])
      .where('public_id', '=', input.postPublicId)
      .executeTakeFirst();
    if (!named) return { kind: 'no-post' } as const;
    const repliedAuthors =
      input.replyTo === undefined
        ? undefined
        : await trx
            .selectFrom('comments')
            .leftJoin('comments as top', 'top.id', 'comments.parent_id')
            .select(['comments.author_id', 'top.author_id as top_author_id'])
            .where('comments.public_id', '=', input.replyTo)
            .executeTakeFirst();
    const people = [input.authorId, named.author_id, ...(input.mentioned ?? [])];
    if (repliedAuthors) people.push(repliedAuthors.author_id, repliedAuthors.top_author_id ?? repliedAuthors.author_id);
    if (!(await lockPeople(db, trx, people)).has(input.authorId)) return { kind: 'no-actor' } as const;
    const post = await lockCommentedPost(db, trx, named.id);
    if (!post) return { kind: 'no-post' } as const;
    const at = nowIso();
    let parent: ParentRow | undefined;
    if (input.replyTo !== undefined) {
      const replied = await lockedComment(db, trx, { publicId: input.replyTo, postId: post.id });
      if (!replied || !(await commentSeen(trx, replied.id, input.authorId))) return { kind: 'no-parent' } as const;
      parent = replied.parent_id === null ? replied : await lockedComment(db, trx, { id: replied.parent_id });
      if (!parent) return { kind: 'no-parent' } as const;
    }
    const { id } = await trx
      .insertInto('comments')
      .values({
        public_id: input.publicId,
        post_id: post.id,
        author_id: input.authorId,
        parent_id: parent?.id ?? null,
        thread_at: parent ? isoOf(parent.created_at) : at,
        thread_public_id: parent?.public_id ?? input.publicId,
        content: input.content,
        created_at: at,
        updated_at: at,
        object_uri: input.objectUri ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('posts')
      .set({ comment_count: sql<number>`comment_count + ${ifNotSuspended(input.authorId, 1)}` })
      .where('id', '=', post.id)
      .execute();
    const comment: NewComment = {
      id,
      publicId: input.publicId,
      postId: post.id,
      postAuthorId: post.author_id,
      parentAuthorId: parent?.author_id ?? null,
    };
    await then?.(trx, comment);
    return { kind: 'created', comment } as const;
  });
}

/** A comment as a moderator restores it: its author, text and post. */
export const findCommentForModeration = (db: Db, publicId: string) =>
  db.kysely
    .selectFrom('comments')
    .innerJoin('posts', 'posts.id', 'comments.post_id')
    .select([
      'comments.id',
      'comments.public_id',
      'comments.author_id',
      'comments.post_id',
      'comments.content',
      'posts.public_id as post_public_id',
    ])
    .where('comments.public_id', '=', publicId)
    .executeTakeFirst();

/** A comment's row with its post's author (and visibility: who had it), by public id: who may edit or delete it. */
export const findCommentRow = (db: Db, publicId: string) =>
  db.kysely
    .selectFrom('comments')
    .innerJoin('posts', 'posts.id', 'comments.post_id')
    .select([
      'comments.id',
      'comments.author_id',
      'comments.post_id',
      'posts.author_id as post_author_id',
      'posts.visibility',
    ])
    .where('comments.public_id', '=', publicId)
    .executeTakeFirst();

/**
 * As `findCommentRow`, for the comment's author editing it: only on a post they may still see (issue
 * 45, finding 12: a post turned private, or its author's block, since the comment was written), so an
 * edit of a comment on a hidden post is a 404, as any action on a hidden post.
 */
export const findEditableCommentRow = (db: Db, publicId: string, editorId: Key) =>
  db.kysely
    .selectFrom('comments')
    .innerJoin('posts', 'posts.id', 'comments.post_id')
    .select(['comments.id', 'comments.author_id', 'comments.post_id', 'posts.author_id as post_author_id'])
    .where('comments.public_id', '=', publicId)
    .where(postVisibleTo(editorId))
    .executeTakeFirst();

/** Writes a comment's new text; `then` runs in the same transaction, after (the route records its new mentions there). */
export function updateComment(db: Db, id: Key, content: string, then?: InTransaction<Key>): Promise<void> {
  return db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable('comments').set({ content, updated_at: nowIso() }).where('id', '=', id).execute();
    await then?.(trx, id);
  });
}

/**
 * Deletes a comment with its replies (and, by cascade, their notifications) and lowers the post's
 * comment_count by as many of them as it counted, in one transaction. Answers the people who had an
 * unread entry about them (their count went down).
 */
export function deleteComment(db: Db, id: Key, postId: Key): Promise<Key[]> {
  return db.kysely.transaction().execute(async (trx) => {
    // The post, then the comment (the order insertComment takes them): a reply written meanwhile
    // either committed before (and is counted below) or waits and finds its parent gone (a 404).
    if (!(await lockCommentedPost(db, trx, postId))) return [];
    if (!(await lockedComment(db, trx, { id }))) return [];
    const toldOf = await unreadRecipients(trx, [aboutCommentThread(id)]);
    // Only the comments the count holds: not removed, their author not suspended (decision 046).
    const counted = await trx
      .selectFrom('comments')
      .innerJoin('users', 'users.id', 'comments.author_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb.or([eb('comments.id', '=', id), eb('comments.parent_id', '=', id)]))
      .where('comments.removed_at', 'is', null)
      .where('users.suspended_at', 'is', null)
      .executeTakeFirstOrThrow();
    const removed = await trx.deleteFrom('comments').where('id', '=', id).executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) return [];
    const gone = Number(counted.n);
    await trx
      .updateTable('posts')
      .set((eb) => ({ comment_count: eb('comment_count', '-', gone) }))
      .where('id', '=', postId)
      .execute();
    return toldOf;
  });
}

export interface CommentPageResult {
  comments: Comment[];
  next: CommentKeyset | null;
}

/**
 * A post's thread in reading order, one page, through the index comments_post_thread_order. The
 * post's public id is the caller's, and a reply's parent is its thread's top-level comment, whose
 * public id the row carries (`thread_public_id`, decision 022): no join for either.
 */
export function commentPage(
  db: Db,
  post: { id: Key; publicId: string },
  page: { limit: number; after: CommentKeyset | undefined },
  viewerId: ViewerKey,
  moderator = false,
): Promise<CommentPageResult> {
  const reader = moderator ? 'moderator' : 'member';
  return readCommentPage(db, `key ${reader}`, { post: post.id, postPublicId: post.publicId }, page, viewerId);
}

/**
 * As `commentPage` for a member, the post named by its public id and found by the page statement
 * itself, under the rule on posts: one statement, not the post first. A page with comments says the
 * post is shown to the viewer; an empty one does not tell a thread with nothing to show from a post
 * not found or not shown, which the caller then asks apart (modules/conversation/routes/list-comments.ts).
 */
export function commentPageByPostId(
  db: Db,
  postPublicId: string,
  page: { limit: number; after: CommentKeyset | undefined },
  viewerId: ViewerKey,
): Promise<CommentPageResult> {
  return readCommentPage(db, 'public member', { post: noKey, postPublicId }, page, viewerId);
}

async function readCommentPage(
  db: Db,
  by: `${'key' | 'public'} ${'member' | 'moderator'}`,
  post: { post: Key; postPublicId: string },
  page: { limit: number; after: CommentKeyset | undefined },
  viewerId: ViewerKey,
): Promise<CommentPageResult> {
  const { after } = page;
  const shape =
    `${viewerId === undefined ? 'anonymous' : 'viewer'} ${after ? 'after' : 'first'} ${by} ${page.limit + 1}` as const;
  const rows = await commentPageQuery(db, shape, { ...post, viewer: viewerId, ...after });
  const pageRows = rows.slice(0, page.limit);
  const last = pageRows[pageRows.length - 1];
  return {
    comments: pageRows.map((row) =>
      commentOf(row, post.postPublicId, row.parent_id === null ? null : row.thread_public_id),
    ),
    next:
      rows.length > page.limit && last
        ? { tt: isoOf(last.thread_at), ti: last.thread_public_id, t: isoOf(last.created_at), i: last.public_id }
        : null,
  };
}

type CommentPageArgs = { post: Key; postPublicId: string; viewer: ViewerKey } & Partial<CommentKeyset>;

const commentPageQuery = prepared(
  (
    db: Db,
    args: CommentPageArgs,
    shape: `${'anonymous' | 'viewer'} ${'first' | 'after'} ${'key' | 'public'} ${'member' | 'moderator'} ${number}`,
  ) => {
    const [viewer, from, by, reader, rows] = shape.split(' ');
    const viewerId = viewer === 'anonymous' ? undefined : args.viewer;
    const visible = commentVisibleTo(viewerId, 'comments', 'author');
    const query = db.kysely
      .selectFrom('comments')
      .innerJoin('users as author', 'author.id', 'comments.author_id')
      .select([
        'comments.id',
        'comments.public_id',
        'comments.parent_id',
        'comments.content',
        'comments.thread_at',
        'comments.thread_public_id',
        'comments.created_at',
        'comments.updated_at',
        'author.public_id as author_public_id',
        'author.username',
        'author.firstname',
        'author.lastname',
        'author.avatar_url',
      ])
      .where(
        'comments.post_id',
        '=',
        by === 'key'
          ? args.post
          : (eb) =>
              eb
                .selectFrom('posts as shown')
                .select('shown.id')
                .where('shown.public_id', '=', args.postPublicId)
                .where(postVisibleTo(viewerId, { post: 'shown' })),
      )
      .where(
        reader === 'moderator'
          ? // A moderator also sees the reported comments the rule hides, to judge them in context.
            sql<boolean>`(${visible} or ${reportedComment()})`
          : visible,
      );
    return (
      (
        from === 'after'
          ? query.where(
              comesAfter(
                'ascending',
                ['comments.thread_at', 'comments.thread_public_id', 'comments.created_at', 'comments.public_id'],
                [args.tt, args.ti, args.t, args.i],
              ),
            )
          : query
      )
        .orderBy('comments.thread_at')
        .orderBy('comments.thread_public_id')
        .orderBy('comments.created_at')
        .orderBy('comments.public_id')
        // Written into the SQL, not bound: a bound LIMIT makes SQLite prepare the statement again on every run.
        .limit(sql.lit(Number(rows)))
    );
  },
  { packed: true },
);
