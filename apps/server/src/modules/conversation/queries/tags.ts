import { findHashtags, trendingTags } from '@spotter/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Db } from '../../../db/database';
import { prepared } from '../../../db/prepared';
import type { DatabaseSchema, Key } from '../../../db/schema';
import { isoOf } from '../../../db/time';
import type { PageRequest } from '../../../paging/page-request';
import { afterOf, type Continues, continues, type PageArgs, pageArgs, rowsOf } from '../../../paging/page-shape';
import { byTime, cardQuery, ordered, toPage } from '../../posts';
import { commentVisibleTo, postVisibleTo } from '../../safety';

/** More would only bloat the index: a post's (or comment's) first 30 hashtags count. */
export const maxTagsPerText = 30;

type Executor = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/**
 * Sets a post's indexed hashtags to those of its text (`tags`, lowercased) and those of its
 * comments (comment_tags, decision 039); created_at is the post's, for the tag's order. A post's
 * own transaction calls it when its text is written (modules/conversation/mentions.ts).
 */
export async function writePostTags(trx: Executor, postId: Key, tags: string[], postCreatedAt: Date | string) {
  const ofComments = await trx
    .selectFrom('comment_tags')
    .select('tag')
    .distinct()
    .where('post_id', '=', postId)
    .execute();
  const all = [...new Set([...tags, ...ofComments.map((r) => r.tag)])];
  await trx.deleteFrom('post_tags').where('post_id', '=', postId).execute();
  if (all.length === 0) return;
  await trx
    .insertInto('post_tags')
    .values(all.map((tag) => ({ tag, post_id: postId, created_at: isoOf(postCreatedAt) })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * After a comment was written, edited (`tags` its hashtags) or deleted (`tags` empty; its rows went
 * with it): its hashtags, then its post's index again, in one transaction.
 */
export async function replaceCommentTags(db: Db, commentId: Key | null, postId: Key, tags: string[]) {
  await db.kysely.transaction().execute((trx) => writeCommentTags(trx, commentId, postId, tags));
}

/** As replaceCommentTags, in a transaction of the caller's (a new comment's own: decision 047). */
export async function writeCommentTags(trx: Executor, commentId: Key | null, postId: Key, tags: string[]) {
  if (commentId !== null) {
    await trx.deleteFrom('comment_tags').where('comment_id', '=', commentId).execute();
    if (tags.length > 0) {
      await trx
        .insertInto('comment_tags')
        .values(tags.map((tag) => ({ comment_id: commentId, tag, post_id: postId })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
  await reindexPostTags(trx, [postId]);
}

/**
 * The posts of others whose index holds hashtags of comments an erasure takes along (issue 45,
 * finding 10): the person's comments and, by cascade, the replies to them. Read before they go.
 */
export async function postsTaggedByCommentsOf(trx: Executor, userId: Key): Promise<Key[]> {
  const rows = await trx
    .selectFrom('comment_tags')
    .innerJoin('comments', 'comments.id', 'comment_tags.comment_id')
    .innerJoin('posts', 'posts.id', 'comment_tags.post_id')
    .select('comment_tags.post_id')
    .distinct()
    .where('posts.author_id', '<>', userId)
    .where((eb) =>
      eb.or([
        eb('comments.author_id', '=', userId),
        eb(
          'comments.parent_id',
          'in',
          eb.selectFrom('comments as own').select('own.id').where('own.author_id', '=', userId),
        ),
      ]),
    )
    .execute();
  return rows.map((row) => row.post_id);
}

/** Writes the index of these posts again from their text and the comment tags that remain. */
export async function reindexPostTags(trx: Executor, postIds: readonly Key[]) {
  for (const postId of postIds) {
    const post = await trx
      .selectFrom('posts')
      .select(['content', 'created_at'])
      .where('id', '=', postId)
      .executeTakeFirst();
    if (post) await writePostTags(trx, postId, findHashtags(post.content).slice(0, maxTagsPerText), post.created_at);
  }
}

/** Posts with a tag, newest first, one page, through post_tags_tag_time. */
export async function tagPage(db: Db, viewerId: Key | undefined, tag: string, page: PageRequest) {
  const shape = `${viewerId === undefined ? 'anonymous' : 'viewer'} ${continues(page)}` as const;
  const rows = await tagPageQuery(db, shape, { viewer: viewerId, tag, ...pageArgs(page) });
  return toPage(db, rows, page.limit, byTime);
}

type TagPageArgs = PageArgs & { viewer: Key | undefined; tag: string };

/** The tag's own copy of the post's time orders the page, so that post_tags_tag_time serves it. */
const tagOrder = { time: 'post_tags.created_at', likes: 'posts.like_count', id: 'posts.public_id' };

const tagPageQuery = prepared(
  (db: Db, args: TagPageArgs, shape: `${'anonymous' | 'viewer'} ${Continues}`) => {
    const [viewer, from] = shape.split(' ') as ['anonymous' | 'viewer', Continues];
    const viewerId = viewer === 'anonymous' ? undefined : args.viewer;
    const query = cardQuery(db, viewerId)
      .innerJoin('post_tags', 'post_tags.post_id', 'posts.id')
      .where('post_tags.tag', '=', args.tag)
      .where(postVisibleTo(viewerId, { author: 'author', mutes: true }));
    return ordered(query, 'newest', afterOf(args, from), rowsOf(from), tagOrder);
  },
  { packed: true },
);

/**
 * The tags used by the most people on posts created since a time (the last 7 days), most first; each
 * answered with how many such posts carry it. People, not posts, are counted (issue 45, finding 9:
 * one account posting fast filled every slot): the author of a post for the tags of its text, and the
 * author of a comment for the tags of their comment (comment_tags), so commenting a tag under many
 * people's posts counts one person too. A post whose shown comments use its tag is counted for
 * those commenters only (post_tags does not say whether its text uses it as well: decision 039).
 */
export async function trending(db: Db, since: string) {
  // Counted over what everyone may see (the visibility rule for an anonymous viewer): a followers-only,
  // private or removed post or comment, or one by a suspended person, does not make its tag trend.
  const shown = db.kysely
    .selectFrom('post_tags')
    .innerJoin('posts', 'posts.id', 'post_tags.post_id')
    .where('post_tags.created_at', '>=', since)
    .where(postVisibleTo(undefined));
  const uses = shown
    .select(['post_tags.tag as tag', 'post_tags.post_id as post', 'posts.author_id as person'])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('comment_tags')
            .innerJoin('comments', 'comments.id', 'comment_tags.comment_id')
            .select('comment_tags.comment_id')
            .whereRef('comment_tags.post_id', '=', 'post_tags.post_id')
            .whereRef('comment_tags.tag', '=', 'post_tags.tag')
            .where(commentVisibleTo(undefined)),
        ),
      ),
    )
    .unionAll(
      shown
        .innerJoin('comment_tags', (join) =>
          join.onRef('comment_tags.post_id', '=', 'post_tags.post_id').onRef('comment_tags.tag', '=', 'post_tags.tag'),
        )
        .innerJoin('comments', 'comments.id', 'comment_tags.comment_id')
        .select(['post_tags.tag as tag', 'post_tags.post_id as post', 'comments.author_id as person'])
        .where(commentVisibleTo(undefined)),
    );
  const rows = await db.kysely
    .selectFrom(uses.as('used'))
    .select([
      'used.tag',
      (eb) => eb.fn.count<number>('used.person').distinct().as('people'),
      (eb) => eb.fn.count<number>('used.post').distinct().as('posts'),
    ])
    .groupBy('used.tag')
    .orderBy('people', 'desc')
    .orderBy('posts', 'desc')
    .orderBy('used.tag')
    .limit(trendingTags.limit)
    .execute();
  return rows.map((r) => ({ tag: r.tag, posts: Number(r.posts) }));
}

/**
 * Hashtags that start with `prefix` (lowercase letters, digits and "_"), each with how many posts
 * the viewer may see carry it, most first (then alphabetical); `rows` from `offset` on. A tag none of
 * whose posts the viewer may see is not answered: a private post's tags are not found by others.
 */
export async function tagsStartingWith(
  db: Db,
  viewerId: Key | undefined,
  prefix: string,
  rows: number,
  offset: number,
): Promise<{ tag: string; posts: number }[]> {
  const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
  const found = await db.kysely
    .selectFrom('post_tags')
    .innerJoin('posts', 'posts.id', 'post_tags.post_id')
    .innerJoin('users as author', 'author.id', 'posts.author_id')
    .where(sql<boolean>`post_tags.tag like ${`${escaped}%`} escape '\\'`)
    .where(postVisibleTo(viewerId, { author: 'author', mutes: true }))
    .select(['post_tags.tag', (eb) => eb.fn.countAll<number>().as('posts')])
    .groupBy('post_tags.tag')
    .orderBy('posts', 'desc')
    .orderBy('post_tags.tag')
    .limit(rows)
    .offset(offset)
    .execute();
  return found.map((r) => ({ tag: r.tag, posts: Number(r.posts) }));
}
