import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { publishRecorded, publishUnreadCount } from '../notifications';
import { type DislikeOutcome, dislikePost, type LikeOutcome, likePost } from './queries/likes';

/**
 * A like, as both APIs make it (Spotter's and the Mastodon client API, issue 50): the like checks
 * the viewer may see the post and records the author's notification, published once stored.
 */
export async function likeAction(
  ctx: AppContext,
  postId: string,
  userId: Key,
  log: FastifyBaseLogger,
): Promise<LikeOutcome> {
  const outcome = await likePost(ctx.db, postId, userId);
  if (typeof outcome !== 'string') await publishRecorded(ctx, outcome.authorId, outcome, log);
  return outcome;
}

/** A like taken back: the author's like entry loses the person, and their bell shows it at once. */
export async function unlikeAction(
  ctx: AppContext,
  postId: string,
  userId: Key,
  log: FastifyBaseLogger,
): Promise<DislikeOutcome> {
  const outcome = await dislikePost(ctx.db, postId, userId);
  if (typeof outcome !== 'string' && outcome.retractedFrom !== undefined) {
    await publishUnreadCount(ctx, outcome.retractedFrom, log);
  }
  return outcome;
}
