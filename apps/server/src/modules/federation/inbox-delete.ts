import type { InboxContext } from '@fedify/fedify';
import type { Delete } from '@fedify/vocab';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { removeComment } from '../conversation';
import { erasePerson } from '../erasure';
import { deleteOwnPost } from '../posts';
import { forgetActorDocument } from './actor-documents';
import { commentByObjectUri } from './queries/comments';
import { findRemotePerson } from './queries/people';
import { remotePostByObjectUri } from './queries/posts';

/**
 * `Delete` of a remote person's post or comment (a Tombstone or the Note's id): it goes, as its
 * author's own deletion here does. `Delete` of the person themselves: they and everything they made
 * go, as an erasure does (decision 037). Only the author's own server may delete either: the
 * Delete's actor is the row's author (or the person).
 */
export async function onDelete(ctx: InboxContext<AppContext>, del: Delete, log: FastifyBaseLogger) {
  const actorId = del.actorId?.href;
  const objectId = del.objectId?.href;
  if (!actorId || !objectId) return;
  const db = ctx.data.db;
  if (objectId === actorId) {
    await forgetActorDocument(db, new URL(actorId));
    const person = await findRemotePerson(db, actorId);
    if (person) await erasePerson(ctx.data, person.id, log);
    return;
  }
  const post = await remotePostByObjectUri(db, objectId);
  if (post) {
    if (post.author_actor_uri === actorId) await deleteOwnPost(ctx.data, post.author_id, post.public_id, log);
    return;
  }
  const comment = await commentByObjectUri(db, objectId);
  if (comment?.author_actor_uri === actorId)
    await removeComment(ctx.data, { id: comment.id, postId: comment.post_id }, log);
}
