import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { publishRecorded, publishUnreadCount } from '../notifications';
import { type DislikeOutcome, dislikePost, type LikeOutcome, likePost } from './queries/likes';

/**
 * A like, as a person here gives one (POST /api/posts/:id/like) and as a `Like` from another server
 * is one (issue 49): the author's notification published, and the outbox told (a remote post's
 * author hears of a local person's like; a remote like came from there, `remote`).
 */
export async function likeAs(
  ctx: AppContext,
  postPublicId: string,
  userId: Key,
  log: FastifyBaseLogger,
  remote = false,
): Promise<LikeOutcome> {
  const outcome = await likePost(ctx.db, postPublicId, userId);
  if (typeof outcome === 'string') return outcome;
  await publishRecorded(ctx, outcome.authorId, outcome, log);
  if (!remote) ctx.outbox?.liked(postPublicId, userId);
  return outcome;
}

/** A like taken back (SPEC's dislike), as `likeAs`: the author's bell shows the count without it at once. */
export async function unlikeAs(
  ctx: AppContext,
  postPublicId: string,
  userId: Key,
  log: FastifyBaseLogger,
  remote = false,
): Promise<DislikeOutcome> {
  const outcome = await dislikePost(ctx.db, postPublicId, userId);
  if (typeof outcome === 'string') return outcome;
  if (outcome.retractedFrom !== undefined) await publishUnreadCount(ctx, outcome.retractedFrom, log);
  if (!remote) ctx.outbox?.unliked(postPublicId, userId);
  return outcome;
}
