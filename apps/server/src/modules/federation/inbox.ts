import crypto from 'node:crypto';
import type { Federation } from '@fedify/fedify';
import {
  Accept,
  Announce,
  Block,
  Create,
  Delete,
  Flag,
  Follow,
  isActor,
  Like,
  Note,
  Reject,
  Undo,
  Update,
} from '@fedify/vocab';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { followUser, unfollowUser } from '../social';
import { keptActors } from './actor-documents';
import { actorPath } from './actors';
import { holdFollowIfLocked, withdrawFollowRequest } from './follow-requests';
import { onAccept, onReject } from './following';
import { onAnnounce, undoAnnounce } from './inbox-announce';
import { onBlock, undoBlock } from './inbox-block';
import { onDelete } from './inbox-delete';
import { onFlag } from './inbox-flag';
import { takeGonePerson } from './inbox-gone-person';
import { onLike, undoLike } from './inbox-like';
import { takeReply } from './inbox-reply';
import { onUpdate } from './inbox-update';
import { instanceSigner } from './instance-actor';
import { findLocalActor, findRemotePerson } from './queries/people';
import { postByObjectUri } from './queries/posts';
import { storeRemoteNote } from './remote-note';
import { rememberPerson, visibilityOf } from './remote-person';
import { sentJsonOf } from './workout-from-note';

/** The shared inbox every local person's actor names (`endpoints.sharedInbox`). */
export const sharedInboxPath = '/ap/inbox';

/**
 * What the inboxes accept (issue 49): Follow (accepted at once, with an Accept sent back), Undo of
 * a Follow or a Like, Create of a Note, which becomes a post by the remote person (a reply: a
 * comment), and, each in its own file, Update, Delete, Like, Announce (a boost), Block and Flag. Fedify has
 * verified each delivery's signature, and that its signer is its actor, before a listener runs;
 * an unsigned or forged one is answered 401 and reaches none of them.
 */
export function listenToInboxes(federation: Federation<AppContext>, log: FastifyBaseLogger) {
  federation
    .setInboxListeners(`${actorPath}/inbox`, sharedInboxPath)
    .on(Follow, async (ctx, follow) => {
      if (!follow.id || !follow.objectId) return;
      const target = ctx.parseUri(follow.objectId);
      if (target?.type !== 'actor') return;
      const followee = await findLocalActor(ctx.data.db, target.identifier);
      if (!followee) return;
      const follower = await follow.getActor(keptActors(ctx));
      if (!follower || !isActor(follower)) return;
      const followerId = await rememberPerson(ctx, follower);
      if (followerId === undefined) return;
      if (await holdFollowIfLocked(ctx.data.db, followee, followerId, follow.id.href)) return;
      await followUser(ctx.data.db, followerId, followee.public_id, ctx.data.config.homeTimeline.length);
      await ctx.sendActivity(
        { identifier: target.identifier },
        follower,
        new Accept({
          id: new URL(`#accepts/${crypto.randomUUID()}`, ctx.getActorUri(target.identifier)),
          actor: follow.objectId,
          object: follow,
        }),
      );
    })
    .on(Undo, async (ctx, undo) => {
      const object = await undo.getObject(ctx);
      if (object instanceof Like) return undoLike(ctx, undo, object, log);
      if (object instanceof Announce) return undoAnnounce(ctx, undo, object, log);
      if (object instanceof Block) return undoBlock(ctx, undo, object, log);
      if (!(object instanceof Follow) || !undo.actorId || object.actorId?.href !== undo.actorId.href) return;
      const target = object.objectId ? ctx.parseUri(object.objectId) : null;
      if (target?.type !== 'actor') return;
      const follower = await findRemotePerson(ctx.data.db, undo.actorId.href);
      if (!follower) return;
      await withdrawFollowRequest(ctx.data.db, follower.id, target.identifier);
      await unfollowUser(ctx.data.db, follower.id, target.identifier);
    })
    .on(Create, async (ctx, create) => {
      const sent = sentJsonOf(create);
      const note = await create.getObject(ctx);
      if (!(note instanceof Note) || !note.id || !create.actorId) return;
      if (note.replyTargetId) return takeReply(ctx, create, note, log);
      // Only its author may create a Note.
      if (note.attributionId?.href !== create.actorId.href) return;
      if (await postByObjectUri(ctx.data.db, note.id.href)) return;
      const author = await create.getActor(keptActors(ctx));
      const visibility = author ? visibilityOf(note, author) : undefined;
      if (!author || !visibility) return;
      await storeRemoteNote(ctx, note, author, visibility, await sent);
    })
    .on(Accept, onAccept)
    .on(Reject, onReject)
    .on(Update, (ctx, update) => onUpdate(ctx, update))
    .on(Delete, (ctx, del) => onDelete(ctx, del, log))
    .on(Like, (ctx, like) => onLike(ctx, like, log))
    .on(Announce, (ctx, announce) => onAnnounce(ctx, announce, log))
    .on(Block, (ctx, block) => onBlock(ctx, block, log))
    .on(Flag, (ctx, flag) => onFlag(ctx, flag))
    .onUnverifiedActivity((ctx, activity, reason) => takeGonePerson(ctx, activity, reason, log))
    .onError((_ctx, error) => {
      log.warn({ err: error }, 'An inbox delivery could not be handled.');
    })
    .setSharedKeyDispatcher(instanceSigner);
}
