import { trendingTags } from '@spotter/contract';
import type { Db } from '../db/database';
import type { Key } from '../db/schema';
import { cardQuery } from './cards';
import type { PageRequest } from './feeds';
import { byTime, iso, toPage } from './feeds';
import { postVisibleTo } from './visibility';

/** Sets a post's hashtags (lowercased) to exactly these; created_at is the post's, for the tag's order. */
export async function replacePostTags(db: Db, postId: Key, tags: string[], postCreatedAt: Date | string) {
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('post_tags').where('post_id', '=', postId).execute();
    if (tags.length === 0) return;
    await trx
      .insertInto('post_tags')
      .values(tags.map((tag) => ({ tag, post_id: postId, created_at: iso(postCreatedAt) })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  });
}

/** Posts with a tag, newest first, one page, through post_tags_tag_time. */
export async function tagPage(db: Db, viewerId: Key | undefined, tag: string, page: PageRequest) {
  const { after } = page;
  let query = cardQuery(db, viewerId)
    .innerJoin('post_tags', 'post_tags.post_id', 'posts.id')
    .where('post_tags.tag', '=', tag)
    .where(postVisibleTo(viewerId, { author: 'author', mutes: true }));
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple('post_tags.created_at', 'posts.public_id'), '<', eb.tuple(after.t, after.i)),
    );
  }
  const rows = await query
    .orderBy('post_tags.created_at', 'desc')
    .orderBy('posts.public_id', 'desc')
    .limit(page.limit + 1)
    .execute();
  return toPage(rows, page.limit, byTime);
}

/** The tags of the most posts created since a time (the last 7 days), most first. */
export async function trending(db: Db, since: string) {
  const rows = await db.kysely
    .selectFrom('post_tags')
    .select(['tag', (eb) => eb.fn.countAll<number>().as('posts')])
    .where('created_at', '>=', since)
    .groupBy('tag')
    .orderBy('posts', 'desc')
    .orderBy('tag')
    .limit(trendingTags.limit)
    .execute();
  return rows.map((r) => ({ tag: r.tag, posts: Number(r.posts) }));
}
