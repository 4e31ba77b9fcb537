import { apiErrors } from '@spotter/contract';
import type { AppContext } from '../../../context';
import type { UserRow } from '../../../db/schema';
import { notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { followUser } from '../../social';
import { dropFollowRequest, findFollowRequest, followRequestsOf } from '../queries/follow-requests';

/** GET /api/users/me/follow-requests: who waits for the signed-in person's approval, oldest first. */
export const followRequests: Handler<'followRequests'> = async ({ user }, ctx) => ({
  requests: await followRequestsOf(ctx.db, user.id),
});

/**
 * Approving makes the follow and sends an `Accept`; rejecting sends a `Reject`. Either way the
 * request goes; its Follow is named in the answer, as Mastodon expects.
 */
async function answer(ctx: AppContext, user: Pick<UserRow, 'id' | 'public_id'>, followerId: string, approved: boolean) {
  const request = await findFollowRequest(ctx.db, user.id, followerId);
  if (!request) throw notFound(apiErrors.followRequestNotFound);
  if (approved) await followUser(ctx.db, request.follower_id, user.public_id, ctx.config.homeTimeline.length);
  await dropFollowRequest(ctx.db, request.follower_id, user.id);
  if (request.actor_uri && request.inbox_url) {
    ctx.outbox?.followRequestAnswered({
      followeePublicId: user.public_id,
      followerActorUri: request.actor_uri,
      followerInboxUrl: request.inbox_url,
      followerSharedInboxUrl: request.shared_inbox_url,
      activityUri: request.activity_uri,
      approved,
    });
  }
  return { userId: followerId, approved };
}

/** POST /api/users/me/follow-requests/:userId/approve */
export const approveFollowRequest: Handler<'approveFollowRequest'> = ({ params, user }, ctx) =>
  answer(ctx, user, params.userId, true);

/** POST /api/users/me/follow-requests/:userId/reject */
export const rejectFollowRequest: Handler<'rejectFollowRequest'> = ({ params, user }, ctx) =>
  answer(ctx, user, params.userId, false);
