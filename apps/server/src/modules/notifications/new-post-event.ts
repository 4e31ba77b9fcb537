import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Key } from '../../db/schema';
import { postVisibleTo } from '../safety';
import type { NotificationHub } from './hub';

/**
 * Who hears of a post made by someone they follow (issue 47: the home feed's "N new posts"): the
 * author's followers who see it in their lists by THE visibility rule (modules/safety: not private,
 * not removed, no block either way, not muted by them). No notification entry is kept: the feed is
 * the record. One statement, read through the follows of the author (followee index).
 */
export async function followersToTellOfPost(db: Db, postId: Key): Promise<{ publicId: string; followers: Key[] }> {
  const rows = await sql<{ public_id: string; follower_id: Key }>`select posts.public_id, f.follower_id
    from posts join follows f on f.followee_id = posts.author_id
    where posts.id = ${postId} and ${postVisibleTo(sql.ref('f.follower_id'), { mutes: true })}`.execute(db.kysely);
  return { publicId: rows.rows[0]?.public_id ?? '', followers: rows.rows.map((row) => Number(row.follower_id)) };
}

/**
 * After a post's fan-out has put it in its author's followers' home timelines: a `new-post` event to
 * those of them with a stream open (one hub message for all of them). Nothing is read when no stream
 * can hear it; a failure is logged, the post and its fan-out stand.
 */
export async function announceNewPost(
  db: Db,
  hub: NotificationHub,
  postId: Key,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!hub.reachesAnyone) return;
  try {
    const { publicId, followers } = await followersToTellOfPost(db, postId);
    const listening = followers.filter((follower) => hub.reaches(follower));
    if (listening.length > 0) await hub.publishMany(listening, { newPost: { _id: publicId } });
    if (hub.reachesEveryone) await announcePublicPost(db, hub, postId);
  } catch (error) {
    log.warn({ err: error, postId }, 'new post not announced');
  }
}

/**
 * A public post to the client API's public streams (issue 50): each stream reads it as its own
 * person may see it (blocks, mutes) before showing it. Followers-only and private posts never go.
 */
async function announcePublicPost(db: Db, hub: NotificationHub, postId: Key): Promise<void> {
  const post = await db.kysely
    .selectFrom('posts')
    .select(['public_id', 'visibility'])
    .where('id', '=', postId)
    .executeTakeFirst();
  if (post?.visibility === 'public') await hub.publishEveryone({ newPost: { _id: post.public_id } });
}
