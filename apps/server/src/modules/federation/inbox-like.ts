import type { InboxContext } from '@fedify/fedify';
import type { Like, Undo } from '@fedify/vocab';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { likeAs, unlikeAs } from '../social';
import { keptActors } from './actor-documents';
import { targetOf } from './inbox-targets';
import { rememberPerson } from './remote-person';

/**
 * `Like` of a post here: a like by the remote person, with the author's like notification, as a
 * like given here (social's likeAs: they must be able to see the post). `Undo(Like)` takes it back.
 * A like of a comment is not a thing here, and is not taken.
 */
export async function onLike(ctx: InboxContext<AppContext>, like: Like, log: FastifyBaseLogger) {
  const target = await targetOf(ctx, like.objectId);
  if (target?.kind !== 'post') return;
  const actor = await like.getActor(keptActors(ctx));
  const personId = actor ? await rememberPerson(ctx, actor) : undefined;
  if (personId === undefined) return;
  await likeAs(ctx.data, target.publicId, personId, log, true);
}

export async function undoLike(ctx: InboxContext<AppContext>, undo: Undo, like: Like, log: FastifyBaseLogger) {
  // Only the liker may take a like back (the Undo's actor is the one whose signature was checked).
  if (!undo.actorId || like.actorId?.href !== undo.actorId.href) return;
  const target = await targetOf(ctx, like.objectId);
  if (target?.kind !== 'post') return;
  const actor = await like.getActor(keptActors(ctx));
  const personId = actor ? await rememberPerson(ctx, actor) : undefined;
  if (personId === undefined) return;
  await unlikeAs(ctx.data, target.publicId, personId, log, true);
}
