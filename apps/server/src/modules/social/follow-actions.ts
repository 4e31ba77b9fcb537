import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { findVisibleUserByPublicId } from '../accounts';
import { notificationsOfAction, publishUnreadCount } from '../notifications';
import { type FollowOutcome, followUser, unfollowUser } from './queries/follows';

/**
 * A follow, as both APIs make it (Spotter's and the Mastodon client API, issue 50): someone on the
 * other side of a block (or suspended) is not found, as everywhere else; the followee's notification
 * is recorded in the follow's own transaction and published once it is stored.
 */
export async function followPerson(
  ctx: AppContext,
  followerId: Key,
  followeePublicId: string,
  log: FastifyBaseLogger,
): Promise<FollowOutcome | 'requested' | 'already-requested'> {
  const followee = await findVisibleUserByPublicId(ctx.db, followeePublicId, followerId);
  if (!followee) return 'no-user';
  // A locked person on another server is asked (decision 106): the follow waits for their Accept.
  if (followee.remote === 1 && followee.locked_account === 1 && ctx.outbox) {
    return ctx.outbox.followRequested(followerId, followeePublicId);
  }
  const told = notificationsOfAction(ctx);
  const outcome = await followUser(
    ctx.db,
    followerId,
    followeePublicId,
    ctx.config.homeTimeline.length,
    (trx, followeeId) => told.record(trx, { kind: 'follow', actorId: followerId, followeeId }),
  );
  if (outcome === 'followed') {
    await told.publish(log);
    // Someone on another server is sent a Follow (issue 49); a local followee, nothing.
    ctx.outbox?.followed(followerId, followeePublicId);
  }
  return outcome;
}

/**
 * An unfollow: the followee's follow entry loses the person, and their bell shows it at once. A follow
 * request still waiting for a remote person's answer is taken back the same way (decision 106).
 */
export async function unfollowPerson(
  ctx: AppContext,
  followerId: Key,
  followeePublicId: string,
  log: FastifyBaseLogger,
): Promise<'unfollowed' | 'no-user' | 'not-following'> {
  const outcome = await unfollowUser(ctx.db, followerId, followeePublicId);
  if (outcome === 'not-following' && (await ctx.outbox?.followRequestWithdrawn(followerId, followeePublicId))) {
    return 'unfollowed';
  }
  if (typeof outcome === 'string') return outcome;
  if (outcome.retractedFrom !== undefined) await publishUnreadCount(ctx, outcome.retractedFrom, log);
  ctx.outbox?.unfollowed(followerId, followeePublicId);
  return 'unfollowed';
}
