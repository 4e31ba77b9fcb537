import crypto from 'node:crypto';
import type { Federation } from '@fedify/fedify';
import { Accept, Follow, Reject } from '@fedify/vocab';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { Key } from '../../db/schema';
import type { FollowAnswer } from './post-outbox';
import { mayDeliverTo } from './public-address';
import { dropFollowRequest, holdFollowRequest } from './queries/follow-requests';
import { findLocalActor } from './queries/people';

/**
 * A remote Follow of a locked account (`lockedAccount`) is held as a request instead of made a
 * follow; the person approves or rejects it (routes/approve-follow-request.ts). Answers whether it
 * was held. Someone already following is not asked again.
 */
export async function holdFollowIfLocked(
  db: Db,
  followee: { id: Key; locked_account: number },
  followerId: Key,
  activityUri: string,
): Promise<boolean> {
  if (followee.locked_account !== 1) return false;
  const following = await db.kysely
    .selectFrom('follows')
    .select('follower_id')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followee.id)
    .executeTakeFirst();
  if (following) return false;
  await holdFollowRequest(db, followerId, followee.id, activityUri);
  return true;
}

/** An Undo(Follow) of a request still waiting: the request goes. */
export async function withdrawFollowRequest(db: Db, followerId: Key, followeePublicId: string) {
  const followee = await findLocalActor(db, followeePublicId);
  if (followee) await dropFollowRequest(db, followerId, followee.id);
}

/** Sends the `Accept` (approved) or `Reject` of a held Follow, through the queue. */
export async function sendFollowAnswer(
  federation: Federation<AppContext>,
  app: AppContext,
  origin: string,
  answer: FollowAnswer,
) {
  const allowPrivate = app.config.federation?.allowPrivateAddresses ?? false;
  if (!(await mayDeliverTo(answer.followerInboxUrl, allowPrivate))) return;
  const ctx = federation.createContext(new URL(origin), app);
  const me = ctx.getActorUri(answer.followeePublicId);
  const follow = new Follow({
    id: new URL(answer.activityUri),
    actor: new URL(answer.followerActorUri),
    object: me,
  });
  const values = {
    id: new URL(`#${answer.approved ? 'accepts' : 'rejects'}/${crypto.randomUUID()}`, me),
    actor: me,
    object: follow,
  };
  await ctx.sendActivity(
    { identifier: answer.followeePublicId },
    {
      id: new URL(answer.followerActorUri),
      inboxId: new URL(answer.followerInboxUrl),
      endpoints: answer.followerSharedInboxUrl ? { sharedInbox: new URL(answer.followerSharedInboxUrl) } : null,
    },
    answer.approved ? new Accept(values) : new Reject(values),
  );
}
