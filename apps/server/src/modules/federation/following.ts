import crypto from 'node:crypto';
import type { Federation, InboxContext } from '@fedify/fedify';
import { type Accept, Follow, type Reject, Undo } from '@fedify/vocab';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { unfollowUser } from '../social';
import { mayDeliverTo } from './public-address';
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
  if (!(await mayDeliverTo(followee.inbox_url, app.config.federation?.allowPrivateAddresses ?? false))) return;
  const ctx = federation.createContext(new URL(origin), app);
  const actor = ctx.getActorUri(identifier);
  const object = new URL(followee.actor_uri);
  await ctx.sendActivity(
    { identifier },
    { id: object, inboxId: new URL(followee.inbox_url) },
    new Undo({
      id: new URL(`#undo-follows/${crypto.randomUUID()}`, actor),
      actor,
      object: new Follow({ id: new URL(sent.activity_uri), actor, object }),
    }),
  );
}

/** Which of our Follows an Accept or Reject answers; only the person followed may answer it. */
async function answeredFollow(ctx: InboxContext<AppContext>, answer: Accept | Reject) {
  if (!answer.actorId || !answer.objectId) return undefined;
  const sender = answer.actorId.href;
  const byId = await sentFollowAnswered(ctx.data.db, sender, { activityUri: answer.objectId.href });
  if (byId) return byId;
  // Some servers answer with a Follow of their own making: matched by its follower.
  const follow = await answer.getObject(ctx).catch(() => null);
  if (!(follow instanceof Follow) || !follow.actorId || follow.objectId?.href !== sender) return undefined;
  const follower = ctx.parseUri(follow.actorId);
  if (follower?.type !== 'actor') return undefined;
  return sentFollowAnswered(ctx.data.db, sender, { followerPublicId: follower.identifier });
}

export async function onAccept(ctx: InboxContext<AppContext>, accept: Accept) {
  const follow = await answeredFollow(ctx, accept);
  if (follow) await markFollowAccepted(ctx.data.db, follow.activity_uri);
}

/** A refused follow ends as an unfollow does: the row, both counts, their posts in the Home. */
export async function onReject(ctx: InboxContext<AppContext>, reject: Reject) {
  const follow = await answeredFollow(ctx, reject);
  if (!follow) return;
  await unfollowUser(ctx.data.db, follow.follower_id, follow.followee_public_id);
  await forgetSentFollow(ctx.data.db, follow.activity_uri);
}
