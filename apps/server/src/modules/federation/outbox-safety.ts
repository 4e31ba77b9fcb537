import crypto from 'node:crypto';
import type { Context } from '@fedify/fedify';
import { Flag } from '@fedify/vocab';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { deliver, recipientsOf } from './deliveries';
import { instanceIdentifier } from './instance-actor';
import type { ReportedTarget } from './post-outbox';
import { remoteCommentOf } from './queries/comments';
import { remoteFollowee } from './queries/follows';
import { remotePostOf } from './queries/posts';

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

/**
 * A local person's report of a remote person, or of their post or comment, as Mastodon forwards one
 * (issue 49): a `Flag` to their server's moderators, naming the person and the Note, the reporter's
 * note as its content, sent by the instance actor so that the reporter is not named (decision 102).
 */
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
