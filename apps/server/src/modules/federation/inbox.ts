import crypto from 'node:crypto';
import type { Context, Federation } from '@fedify/fedify';
import { Accept, type Actor, Create, Follow, isActor, Note, Reject, Undo } from '@fedify/vocab';
import { postContentMaxLength } from '@spotter/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { insertPost } from '../posts';
import { followUser, unfollowUser } from '../social';
import { actorPath } from './actors';
import { isBlockedHost } from './domain-blocks';
import { holdFollowIfLocked, withdrawFollowRequest } from './follow-requests';
import { onAccept, onReject } from './following';
import { instanceSigner } from './instance-actor';
import { htmlToText } from './notes';
import { mayDeliverTo } from './public-address';
import { findLocalActor, findRemotePerson, upsertRemotePerson } from './queries/people';
import { postByObjectUri } from './queries/posts';

/** The shared inbox every local person's actor names (`endpoints.sharedInbox`). */
export const sharedInboxPath = '/ap/inbox';

/**
 * What the inboxes accept so far (issue 49): Follow (accepted at once, with an Accept sent back),
 * Undo of a Follow, and Create of a Note, which becomes a post by the remote person. Fedify has
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
      const follower = await follow.getActor(ctx);
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
      if (!(object instanceof Follow) || !undo.actorId || object.actorId?.href !== undo.actorId.href) return;
      const target = object.objectId ? ctx.parseUri(object.objectId) : null;
      if (target?.type !== 'actor') return;
      const follower = await findRemotePerson(ctx.data.db, undo.actorId.href);
      if (!follower) return;
      await withdrawFollowRequest(ctx.data.db, follower.id, target.identifier);
      await unfollowUser(ctx.data.db, follower.id, target.identifier);
    })
    .on(Create, async (ctx, create) => {
      const note = await create.getObject(ctx);
      if (!(note instanceof Note) || !note.id || !create.actorId) return;
      // Only its author may create a Note; replies (comments) are not taken in yet (docs/federation.md).
      if (note.attributionId?.href !== create.actorId.href || note.replyTargetId) return;
      if (await postByObjectUri(ctx.data.db, note.id.href)) return;
      const author = await create.getActor(ctx);
      const visibility = author ? visibilityOf(note, author) : undefined;
      if (!author || !visibility) return;
      const authorId = await rememberPerson(ctx, author);
      if (authorId === undefined) return;
      const published = note.published?.toString() ?? new Date().toISOString();
      const postId = await insertPost(ctx.data.db, {
        publicId: crypto.randomUUID(),
        authorId,
        content: htmlToText(String(note.content ?? '')).slice(0, postContentMaxLength),
        image: null,
        mediaType: null,
        alt: null,
        mediaWidth: null,
        mediaHeight: null,
        photos: null,
        mediaIds: [],
        visibility,
        createdAt: new Date(published).toISOString(),
        objectUri: note.id.href,
      }).catch(async (error: unknown) => {
        // The same Note delivered twice at once: the other delivery stored it.
        if (await postByObjectUri(ctx.data.db, note.id?.href ?? '')) return undefined;
        throw error;
      });
      if (postId !== undefined) ctx.data.fanout.add(postId);
    })
    .on(Accept, onAccept)
    .on(Reject, onReject)
    .onError((_ctx, error) => {
      log.warn({ err: error }, 'An inbox delivery could not be handled.');
    })
    .setSharedKeyDispatcher(instanceSigner);
}

/** Public: to or cc Public; followers-only: to the author's followers; anything else (a direct message) is not taken. */
function visibilityOf(note: Note, author: Actor): 'public' | 'followers' | undefined {
  const audience = [...note.toIds, ...note.ccIds].map((url) => url.href);
  if (audience.includes('https://www.w3.org/ns/activitystreams#Public')) return 'public';
  if (author.followersId && audience.includes(author.followersId.href)) return 'followers';
  return undefined;
}

/** A remote actor as a user row: `preferredUsername@host`, their profile refreshed. */
export async function rememberPerson(ctx: Context<AppContext>, actor: Actor): Promise<number | undefined> {
  if (!actor.id || !actor.inboxId || !actor.preferredUsername) return undefined;
  // A local actor is never stored twice.
  if (ctx.parseUri(actor.id)?.type === 'actor') return undefined;
  // Nobody of a blocked server is stored, whoever names them (decision 096).
  if (await isBlockedHost(ctx.data.db, actor.id.hostname)) return undefined;
  // An actor fetched from a public address may still name a private inbox (SSRF).
  const allowPrivate = ctx.data.config.federation?.allowPrivateAddresses ?? false;
  const sharedInbox = actor.endpoints?.sharedInbox?.href ?? null;
  if (!(await mayDeliverTo(actor.inboxId.href, allowPrivate))) return undefined;
  if (sharedInbox && !(await mayDeliverTo(sharedInbox, allowPrivate))) return undefined;
  const icon = await actor.getIcon(ctx).catch(() => null);
  const iconUrl = icon?.url instanceof URL ? icon.url.href : (icon?.url?.href?.href ?? '');
  return upsertRemotePerson(ctx.data.db, {
    actorUri: actor.id.href,
    username: `${actor.preferredUsername}@${actor.id.host}`,
    name: String(actor.name ?? ''),
    bio: htmlToText(String(actor.summary ?? '')),
    avatarUrl: iconUrl,
    inboxUrl: actor.inboxId.href,
    sharedInboxUrl: sharedInbox,
    profileUrl: actor.url instanceof URL ? actor.url.href : (actor.url?.href?.href ?? null),
  });
}
