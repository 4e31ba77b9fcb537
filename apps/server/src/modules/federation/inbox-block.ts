import type { InboxContext } from '@fedify/fedify';
import { type Block, isActor, type Undo } from '@fedify/vocab';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/time';
import { publishUnreadCount } from '../notifications';
import { removeFollow } from '../social';
import { keptActors } from './actor-documents';
import { findLocalActor, findRemotePerson } from './queries/people';
import { rememberPerson } from './remote-person';

/**
 * `Block` of a local person by a remote one, kept as Mastodon keeps it: a block row (the remote
 * person the blocker), so every rule of a block holds between the two (decision 034): the follows
 * between them end both ways, and so do the follow requests either way (decision 106); the local
 * person no longer sees the blocker's profile, posts or comments, cannot follow, like or comment
 * on them, and is not told of anything they do (their entries hide); the blocker's likes and
 * replies no longer reach the local person. The local person's own block list does not show it (it
 * is not theirs to lift). The local person's open streams hear their new unread count.
 */
export async function onBlock(ctx: InboxContext<AppContext>, block: Block, log: FastifyBaseLogger) {
  const pair = await pairOf(ctx, block, true);
  if (!pair) return;
  const { local, remoteId } = pair;
  const db = ctx.data.db;
  // As a block made here (safety's addRelation), in one transaction; the requests too, as a domain block ends them.
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto('blocks')
      .values({ blocker_id: remoteId, blocked_id: local.id, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
      .execute();
    await removeFollow(db, trx, remoteId, local.id);
    await removeFollow(db, trx, local.id, remoteId);
    await trx
      .deleteFrom('follow_requests')
      .where((eb) =>
        eb.or([
          eb.and([eb('follower_id', '=', remoteId), eb('followee_id', '=', local.id)]),
          eb.and([eb('follower_id', '=', local.id), eb('followee_id', '=', remoteId)]),
        ]),
      )
      .execute();
  });
  await publishUnreadCount(ctx.data, local.id, log);
}

/**
 * `Undo(Block)`: the block row goes, so the two see each other again; the follows it ended stay
 * ended (as Mastodon, and as an unblock here: decision 034). Only the blocker may take it back.
 */
export async function undoBlock(ctx: InboxContext<AppContext>, undo: Undo, block: Block, log: FastifyBaseLogger) {
  if (!undo.actorId || block.actorId?.href !== undo.actorId.href) return;
  const pair = await pairOf(ctx, block, false);
  if (!pair) return;
  await ctx.data.db.kysely
    .deleteFrom('blocks')
    .where('blocker_id', '=', pair.remoteId)
    .where('blocked_id', '=', pair.local.id)
    .execute();
  await publishUnreadCount(ctx.data, pair.local.id, log);
}

/**
 * The local person a Block names and the key of the remote person who made it (its actor, whose
 * signature was checked). A Block from someone not met yet remembers them (`remember`), so that it holds
 * from now on; an Undo from someone unknown has nothing to undo.
 */
async function pairOf(ctx: InboxContext<AppContext>, block: Block, remember: boolean) {
  const target = block.objectId ? ctx.parseUri(block.objectId) : null;
  if (target?.type !== 'actor' || !block.actorId) return undefined;
  const db = ctx.data.db;
  const local = await findLocalActor(db, target.identifier);
  if (!local) return undefined;
  let remoteId = (await findRemotePerson(db, block.actorId.href))?.id;
  if (remoteId === undefined && remember) {
    const actor = await block.getActor(keptActors(ctx));
    remoteId = actor && isActor(actor) ? await rememberPerson(ctx, actor) : undefined;
  }
  return remoteId === undefined ? undefined : { local, remoteId };
}
