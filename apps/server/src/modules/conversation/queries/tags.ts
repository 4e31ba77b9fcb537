import { findHashtags, trendingTags } from '@spotter/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Db } from '../../../db/database';
import { prepared } from '../../../db/prepared';
import type { DatabaseSchema, Key } from '../../../db/schema';
import { isoOf } from '../../../db/time';
import { comesAfter } from '../../../paging/keyset';
import type { PageRequest } from '../../../paging/page-request';
import { type Continues, continues, rowsOf } from '../../../paging/page-shape';
import { byTime, cardQuery, toPage } from '../../posts';
import { postVisibleTo } from '../../safety';

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
  await db.kysely.transaction().execute(async (trx) => {
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
    const post = await trx
      .selectFrom('posts')
      .select(['content', 'created_at'])
      .where('id', '=', postId)
      .executeTakeFirst();
    if (!post) return;
    await writePostTags(trx, postId, findHashtags(post.content).slice(0, maxTagsPerText), post.created_at);
  });
}

/** Posts with a tag, newest first, one page, through post_tags_tag_time. */
export async function tagPage(db: Db, viewerId: Key | undefined, tag: string, page: PageRequest) {
  const { after } = page;
  const shape = `${viewerId === undefined ? 'anonymous' : 'viewer'} ${continues(page)}` as const;
  const rows = await tagPageQuery(db, shape, {
    viewer: viewerId,
    tag,
    t: after?.t,
    i: after?.i,
  });
  return toPage(db, rows, page.limit, byTime);
}

type TagPageArgs = {
  viewer: Key | undefined;
  tag: string;
  t: string | undefined;
  i: string | undefined;
};

const tagPageQuery = prepared(
  (db: Db, args: TagPageArgs, shape: `${'anonymous' | 'viewer'} ${Continues}`) => {
    const [viewer, from] = shape.split(' ') as ['anonymous' | 'viewer', Continues];
    const viewerId = viewer === 'anonymous' ? undefined : args.viewer;
    const query = cardQuery(db, viewerId)
      .innerJoin('post_tags', 'post_tags.post_id', 'posts.id')
      .where('post_tags.tag', '=', args.tag)
      .where(postVisibleTo(viewerId, { author: 'author', mutes: true }));
    return (
      from.startsWith('after')
        ? query.where(comesAfter('descending', ['post_tags.created_at', 'posts.public_id'], [args.t, args.i]))
        : query
    )
      .orderBy('post_tags.created_at', 'desc')
      .orderBy('posts.public_id', 'desc')
      .limit(sql.lit(rowsOf(from)));
  },
  { packed: true },
);

/** The tags of the most posts created since a time (the last 7 days), most first. */
export async function trending(db: Db, since: string) {
  // Counted over what everyone may see (the visibility rule for an anonymous viewer): a followers-only,
  // private or removed post, or one by a suspended person, does not make its tag trend.
  const rows = await db.kysely
    .selectFrom('post_tags')
    .innerJoin('posts', 'posts.id', 'post_tags.post_id')
    .select(['post_tags.tag as tag', (eb) => eb.fn.countAll<number>().as('posts')])
    .where('post_tags.created_at', '>=', since)
    .where(postVisibleTo(undefined))
    .groupBy('post_tags.tag')
    .orderBy('posts', 'desc')
    .orderBy('post_tags.tag')
    .limit(trendingTags.limit)
    .execute();
  return rows.map((r) => ({ tag: r.tag, posts: Number(r.posts) }));
}
