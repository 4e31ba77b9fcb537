import crypto from 'node:crypto';
import type { Federation } from '@fedify/fedify';
import { Block, Undo } from '@fedify/vocab';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { sendUnfollow } from './following';
import { withdrawOurFollowRequest } from './our-follow-requests';
import { mayDeliverTo } from './public-address';
import { localPublicId, remoteFollowee } from './queries/follows';

/**
 * A local person blocks someone on another server (issue 49), as Mastodon does: an `Undo` of our
 * Follow of them (or of our request) if there was one (the block ended it here), then a `Block`, which tells their server
 * to end their follow of us too (ended here by the block already) and to hide our person from them.
 */
export async function sendBlock(
  federation: Federation<AppContext>,
  app: AppContext,
  origin: string,
  blockerId: Key,
  blockedPublicId: string,
) {
  const target = await remoteTarget(app, blockerId, blockedPublicId);
  if (!target) return;
  await sendUnfollow(federation, app, origin, blockerId, blockedPublicId);
  // A request still waiting for their answer is taken back the same way (decision 106).
  await (await withdrawOurFollowRequest(federation, app, origin, blockerId, blockedPublicId))?.();
  await sendToTarget(federation, app, origin, target, (actor, object) => blockOf(actor, object));
}

/**
 * A local person lifts their block of someone on another server: an `Undo` of a `Block` by them of that
 * person. We keep no Block's id (a block is a row of two people), and Mastodon, like our own inbox,
 * finds the block to lift by its actor and object, so the Block is written anew inside the Undo.
 */
export async function sendUnblock(
  federation: Federation<AppContext>,
  app: AppContext,
  origin: string,
  blockerId: Key,
  blockedPublicId: string,
) {
  const target = await remoteTarget(app, blockerId, blockedPublicId);
  if (!target) return;
  await sendToTarget(
    federation,
    app,
    origin,
    target,
    (actor, object) =>
      new Undo({ id: new URL(`#unblocks/${crypto.randomUUID()}`, actor), actor, object: blockOf(actor, object) }),
  );
}

const blockOf = (actor: URL, object: URL) =>
  new Block({ id: new URL(`#blocks/${crypto.randomUUID()}`, actor), actor, object });

interface RemoteTarget {
  /** The blocker's actor identifier here. */
  identifier: string;
  actorUri: string;
  inboxUrl: string;
}

/** The blocked person's actor and inbox when they are remote, with the blocker's identifier. */
async function remoteTarget(
  app: AppContext,
  blockerId: Key,
  blockedPublicId: string,
): Promise<RemoteTarget | undefined> {
  const blocked = await remoteFollowee(app.db, blockedPublicId);
  const identifier = await localPublicId(app.db, blockerId);
  if (!blocked?.actor_uri || !blocked.inbox_url || !identifier) return undefined;
  return { identifier, actorUri: blocked.actor_uri, inboxUrl: blocked.inbox_url };
}

async function sendToTarget(
  federation: Federation<AppContext>,
  app: AppContext,
  origin: string,
  target: RemoteTarget,
  activityOf: (actor: URL, object: URL) => Block | Undo,
) {
  if (!(await mayDeliverTo(target.inboxUrl, app.config.federation?.allowPrivateAddresses ?? false))) return;
  const ctx = federation.createContext(new URL(origin), app);
  const object = new URL(target.actorUri);
  await ctx.sendActivity(
    { identifier: target.identifier },
    { id: object, inboxId: new URL(target.inboxUrl) },
    activityOf(ctx.getActorUri(target.identifier), object),
  );
}
