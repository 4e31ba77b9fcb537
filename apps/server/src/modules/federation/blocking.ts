import crypto from 'node:crypto';
import type { Federation } from '@fedify/fedify';
import { Block } from '@fedify/vocab';
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
  const blocked = await remoteFollowee(app.db, blockedPublicId);
  const identifier = await localPublicId(app.db, blockerId);
  if (!blocked?.actor_uri || !blocked.inbox_url || !identifier) return;
  await sendUnfollow(federation, app, origin, blockerId, blockedPublicId);
  // A request still waiting for their answer is taken back the same way (decision 106).
  await (await withdrawOurFollowRequest(federation, app, origin, blockerId, blockedPublicId))?.();
  if (!(await mayDeliverTo(blocked.inbox_url, app.config.federation?.allowPrivateAddresses ?? false))) return;
  const ctx = federation.createContext(new URL(origin), app);
  const actor = ctx.getActorUri(identifier);
  const object = new URL(blocked.actor_uri);
  await ctx.sendActivity(
    { identifier },
    { id: object, inboxId: new URL(blocked.inbox_url) },
    new Block({ id: new URL(`#blocks/${crypto.randomUUID()}`, actor), actor, object }),
  );
}
