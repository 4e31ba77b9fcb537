import crypto from 'node:crypto';
import type { Context } from '@fedify/fedify';
import { Block, Flag } from '@fedify/vocab';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { deliver, recipientsOf } from './deliveries';
import { instanceIdentifier } from './instance-actor';
import type { ReportedTarget } from './post-outbox';
import { remoteCommentOf } from './queries/comments';
import { remoteFollowee } from './queries/follows';
import { localPublicIdOf } from './queries/people';
import { remotePostOf } from './queries/posts';

/**
 * What a local person's safety acts tell another server, as Mastodon tells it (issue 49): a block of
 * a remote person is a `Block` to their server, which ends the follows between the two there too (the
 * local block ended them here); a report of a remote person or of their post or comment is a `Flag`
 * to their server's moderators, sent by the instance actor, so the reporter is not named (decision 102).
 */
export async function sendBlock(ctx: Context<AppContext>, blockerId: Key, blockedPublicId: string) {
  const [blocker, blocked] = await Promise.all([
    localPublicIdOf(ctx.data.db, blockerId),
    remoteFollowee(ctx.data.db, blockedPublicId),
  ]);
  if (!blocker || !blocked?.actor_uri) return;
  const object = new URL(blocked.actor_uri);
  const recipients = await recipientsOf(ctx.data, blockerId, { followers: false, also: [object] });
  const actor = ctx.getActorUri(blocker);
  const block = new Block({ id: new URL(`#blocks/${crypto.randomUUID()}`, actor), actor, object, tos: [object] });
  await deliver(ctx, blocker, recipients, block);
}

/** What a report names on the other server: the person, and the Note when it is a post or comment. */
async function reportedObjects(ctx: Context<AppContext>, target: ReportedTarget) {
  const db = ctx.data.db;
  if (target.type === 'user') {
    const person = await remoteFollowee(db, target.publicId);
    return person?.actor_uri ? { author: person.actor_uri, objects: [person.actor_uri] } : undefined;
  }
  const row =
    target.type === 'post' ? await remotePostOf(db, target.publicId) : await remoteCommentOf(db, target.publicId);
  if (!row?.object_uri || !row.author_actor_uri) return undefined;
  return { author: row.author_actor_uri, objects: [row.author_actor_uri, row.object_uri] };
}

export async function sendReport(ctx: Context<AppContext>, reporterId: Key, target: ReportedTarget, note: string) {
  const reported = await reportedObjects(ctx, target);
  if (!reported) return;
  const author = new URL(reported.author);
  const recipients = await recipientsOf(ctx.data, reporterId, { followers: false, also: [author] });
  const actor = ctx.getActorUri(instanceIdentifier);
  const flag = new Flag({
    id: new URL(`#flags/${crypto.randomUUID()}`, actor),
    actor,
    objects: reported.objects.map((uri) => new URL(uri)),
    content: note,
    tos: [author],
  });
  await deliver(ctx, instanceIdentifier, recipients, flag);
}
