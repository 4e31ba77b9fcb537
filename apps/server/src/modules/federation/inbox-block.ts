import type { InboxContext } from '@fedify/fedify';
import type { Block } from '@fedify/vocab';
import type { AppContext } from '../../context';
import { unfollowUser } from '../social';
import { findLocalActor, findRemotePerson } from './queries/people';

/**
 * `Block` of a local person by a remote one: the follow between them ends both ways (theirs of
 * ours, and ours of theirs), as Mastodon ends it. Nothing else is kept of it: what they see is
 * their server's to decide.
 */
export async function onBlock(ctx: InboxContext<AppContext>, block: Block) {
  const target = block.objectId ? ctx.parseUri(block.objectId) : null;
  if (target?.type !== 'actor' || !block.actorId) return;
  const db = ctx.data.db;
  const [local, remote] = await Promise.all([
    findLocalActor(db, target.identifier),
    findRemotePerson(db, block.actorId.href),
  ]);
  if (!local || !remote) return;
  await unfollowUser(db, remote.id, local.public_id);
  await unfollowUser(db, local.id, remote.public_id);
}
