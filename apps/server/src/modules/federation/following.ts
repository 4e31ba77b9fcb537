import crypto from 'node:crypto';
import type { Federation, InboxContext } from '@fedify/fedify';
import { type Accept, Follow, type Reject, Undo } from '@fedify/vocab';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { followUser, unfollowUser } from '../social';
import { mayDeliverTo } from './public-address';
import { dropFollowRequest, ourRequestAnswered } from './queries/follow-requests';
import {
  forgetSentFollow,
  localPublicId,
  markFollowAccepted,
  recordSentFollow,
  remoteFollowee,
  sentFollowAnswered,
  sentFollowBetween,
} from './queries/follows';

/**
 * A local person following someone on another server (issue 49). The follow is made here at once, as
 * a local one is (the spec's call answers it as made), and a `Follow` goes to the remote server through
 * the queue; its `Accept` marks it accepted, its `Reject` ends it. An unfollow sends `Undo` of that
 * same Follow. Until the Accept, the remote server sends nothing, so the follower's Home gains nothing.
 * A locked person is asked instead (our-follow-requests.ts, decision 106): the follow waits for the Accept.
 */
export async function sendFollow(
  federation: Federation<AppContext>,
  app: AppContext,
  origin: string,
  followerId: Key,
  followeePublicId: string,
) {
  const followee = await remoteFollowee(app.db, followeePublicId);
  const identifier = await localPublicId(app.db, followerId);
  if (!followee?.actor_uri || !followee.inbox_url || !identifier) return;
  if (!(await mayDeliverTo(followee.inbox_url, app.config.federation?.allowPrivateAddresses ?? false))) return;
  const ctx = federation.createContext(new URL(origin), app);
  const actor = ctx.getActorUri(identifier);
  const id = new URL(`#follows/${crypto.randomUUID()}`, actor);
  await recordSentFollow(app.db, followerId, followee.id, id.href);
  await ctx.sendActivity(
    { identifier },
    { id: new URL(followee.actor_uri), inboxId: new URL(followee.inbox_url) },
    new Follow({ id, actor, object: new URL(followee.actor_uri) }),
  );
}

export async function sendUnfollow(
  federation: Federation<AppContext>,
  app: AppContext,
  origin: string,
  followerId: Key,
  followeePublicId: string,
) {
  const followee = await remoteFollowee(app.db, followeePublicId);
  const identifier = await localPublicId(app.db, followerId);
  if (!followee?.actor_uri || !followee.inbox_url || !identifier) return;
  const sent = await sentFollowBetween(app.db, followerId, followee.id);
  if (!sent) return;
  await forgetSentFollow(app.db, sent.activity_uri);
  await sendUndoOfFollow(federation, app, origin, {
    identifier,
    actorUri: followee.actor_uri,
    inboxUrl: followee.inbox_url,
    followUri: sent.activity_uri,
  });
}

/**
 * Sends the `Undo` of our Follow `followUri` (a follow made, or a request held for a locked person)
 * from the local actor `identifier` to the remote person at `actorUri`, unless their inbox is an
 * address we may not deliver to.
 */
export async function sendUndoOfFollow(
  federation: Federation<AppContext>,
  app: AppContext,
  origin: string,
  {
    identifier,
    actorUri,
    inboxUrl,
    followUri,
  }: { identifier: string; actorUri: string; inboxUrl: string; followUri: string },
) {
  if (!(await mayDeliverTo(inboxUrl, app.config.federation?.allowPrivateAddresses ?? false))) return;
  const ctx = federation.createContext(new URL(origin), app);
  const actor = ctx.getActorUri(identifier);
  const object = new URL(actorUri);
  await ctx.sendActivity(
    { identifier },
    { id: object, inboxId: new URL(inboxUrl) },
    new Undo({
      id: new URL(`#undo-follows/${crypto.randomUUID()}`, actor),
      actor,
      object: new Follow({ id: new URL(followUri), actor, object }),
    }),
  );
}

type AnsweredBy = { activityUri: string } | { followerPublicId: string };

/**
 * Which of our Follows an Accept or Reject answers: a request held for a locked person, or a follow
 * made; only the person followed may answer it. By the Follow's id first, both kinds, so the common
 * answer reads nothing more; then by its follower (below).
 */
async function answeredFollow(ctx: InboxContext<AppContext>, answer: Accept | Reject) {
  if (!answer.actorId || !answer.objectId) return undefined;
  const db = ctx.data.db;
  const sender = answer.actorId.href;
  // Read before getObject: Fedify may fetch the object by its id and keep what that answers (a
  // Follow's `#fragment` id fetches its actor), after which `objectId` names the actor.
  const byId: AnsweredBy = { activityUri: answer.objectId.href };
  const find = async (by: AnsweredBy) => {
    const request = await ourRequestAnswered(db, sender, by);
    if (request) return { request };
    const follow = await sentFollowAnswered(db, sender, by);
    return follow ? { follow } : undefined;
  };
  const found = await find(byId);
  if (found) return found;
  // Some servers answer with a Follow of their own making: matched by its follower.
  const follow = await answer.getObject(ctx).catch(() => null);
  if (!(follow instanceof Follow) || !follow.actorId || follow.objectId?.href !== sender) return undefined;
  const follower = ctx.parseUri(follow.actorId);
  if (follower?.type !== 'actor') return undefined;
  return find({ followerPublicId: follower.identifier });
}

/** An Accept of a request to a locked person makes the follow (counts, Home) as a local follow is made. */
export async function onAccept(ctx: InboxContext<AppContext>, accept: Accept) {
  const answered = await answeredFollow(ctx, accept);
  const db = ctx.data.db;
  const request = answered?.request;
  if (request) {
    if (!(await dropFollowRequest(db, request.follower_id, request.followee_id))) return;
    await followUser(db, request.follower_id, request.followee_public_id, ctx.data.config.homeTimeline.length);
    // Kept as a Follow sent and accepted, so that an unfollow sends Undo of this same Follow.
    await recordSentFollow(db, request.follower_id, request.followee_id, request.activity_uri);
    await markFollowAccepted(db, request.activity_uri);
    return;
  }
  if (answered?.follow) await markFollowAccepted(db, answered.follow.activity_uri);
}

/** A refused follow ends as an unfollow does: the row, both counts, their posts in the Home; a refused request goes. */
export async function onReject(ctx: InboxContext<AppContext>, reject: Reject) {
  const answered = await answeredFollow(ctx, reject);
  const db = ctx.data.db;
  if (answered?.request) {
    await dropFollowRequest(db, answered.request.follower_id, answered.request.followee_id);
    return;
  }
  const follow = answered?.follow;
  if (!follow) return;
  await unfollowUser(db, follow.follower_id, follow.followee_public_id);
  await forgetSentFollow(db, follow.activity_uri);
}
