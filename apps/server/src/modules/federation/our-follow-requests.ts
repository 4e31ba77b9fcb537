import crypto from 'node:crypto';
import type { Federation } from '@fedify/fedify';
import { Follow } from '@fedify/vocab';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { isFollowing } from '../accounts';
import { sendUndoOfFollow } from './following';
import type { FollowRequestOutcome } from './post-outbox';
import { mayDeliverTo } from './public-address';
import { dropFollowRequest, holdFollowRequest, ourRequestOf } from './queries/follow-requests';
import { localPublicId, remoteFollowee } from './queries/follows';

/** Hands a delivery on after the answer, its failure logged (outbox.ts). */
export type Queued = (what: string, send: () => Promise<void>) => void;

/**
 * A local person following a locked person on another server (issue 49, decision 106): no follow is
 * made yet. The request is held in `follow_requests` (the table of every Follow waiting for a locked
 * person's answer; here the person asked is remote) and the `Follow` goes out through the queue; the
 * remote server's `Accept` makes the follow (following.ts), its `Reject` drops the request.
 */
export async function requestFollow(
  federation: Federation<AppContext>,
  app: AppContext,
  origin: string,
  followerId: Key,
  followeePublicId: string,
  queued: Queued,
): Promise<FollowRequestOutcome> {
  const followee = await remoteFollowee(app.db, followeePublicId);
  if (!followee?.actor_uri || !followee.inbox_url) return 'no-user';
  const identifier = await localPublicId(app.db, followerId);
  if (!identifier) return 'no-actor';
  if (await isFollowing(app.db, followerId, followee.id)) return 'already-following';
  if (await ourRequestOf(app.db, followerId, followee.id)) return 'already-requested';
  const ctx = federation.createContext(new URL(origin), app);
  const actor = ctx.getActorUri(identifier);
  const id = new URL(`#follows/${crypto.randomUUID()}`, actor);
  await holdFollowRequest(app.db, followerId, followee.id, id.href);
  const object = new URL(followee.actor_uri);
  const inbox = new URL(followee.inbox_url);
  queued('A Follow request', async () => {
    if (!(await mayDeliverTo(inbox.href, app.config.federation?.allowPrivateAddresses ?? false))) return;
    await ctx.sendActivity({ identifier }, { id: object, inboxId: inbox }, new Follow({ id, actor, object }));
  });
  return 'requested';
}

/**
 * The person takes their request back before it was answered: it goes now (the answer shows it gone).
 * Answers the sending of the `Undo` of its Follow, for the caller to queue, or undefined: no request.
 */
export async function withdrawOurFollowRequest(
  federation: Federation<AppContext>,
  app: AppContext,
  origin: string,
  followerId: Key,
  followeePublicId: string,
): Promise<(() => Promise<void>) | undefined> {
  const followee = await remoteFollowee(app.db, followeePublicId);
  if (!followee) return undefined;
  const request = await ourRequestOf(app.db, followerId, followee.id);
  if (!request || !(await dropFollowRequest(app.db, followerId, followee.id))) return undefined;
  const identifier = await localPublicId(app.db, followerId);
  const { actor_uri: actorUri, inbox_url: inboxUrl } = followee;
  return async () => {
    if (!identifier || !actorUri || !inboxUrl) return;
    await sendUndoOfFollow(federation, app, origin, {
      identifier,
      actorUri,
      inboxUrl,
      followUri: request.activity_uri,
    });
  };
}
