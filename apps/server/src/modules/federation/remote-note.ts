import crypto from 'node:crypto';
import type { Context } from '@fedify/fedify';
import type { Actor, Note } from '@fedify/vocab';
import { postContentMaxLength } from '@spotter/contract';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { insertPost } from '../posts';
import { htmlToText } from './notes';
import { postByObjectUri } from './queries/posts';
import { noteMediaFields } from './remote-media/note-media';
import { rememberPerson } from './remote-person';
import { workoutFromNote } from './workout-from-note';

/**
 * A remote person's Note as their post (its author's signature or its origin vouched for it):
 * stored once, then fanned out to the author's followers here. `sent` is the activity's JSON as
 * delivered, where a workout is read from (undefined: the Note's own). Answers the post's key, also
 * when it was stored already; undefined when its author may not be stored (a blocked server).
 */
export async function storeRemoteNote(
  ctx: Context<AppContext>,
  note: Note,
  author: Actor,
  visibility: 'public' | 'followers',
  sent: unknown,
): Promise<Key | undefined> {
  if (!note.id) return undefined;
  const objectUri = note.id.href;
  const stored = await postByObjectUri(ctx.data.db, objectUri);
  if (stored) return stored.id;
  const authorId = await rememberPerson(ctx, author);
  if (authorId === undefined) return undefined;
  const published = note.published?.toString() ?? new Date().toISOString();
  const postId = await insertPost(ctx.data.db, {
    publicId: crypto.randomUUID(),
    authorId,
    content: htmlToText(String(note.content ?? '')).slice(0, postContentMaxLength),
    ...(await workoutFromNote(sent, note)),
    ...(await noteMediaFields(ctx, note)),
    mediaIds: [],
    visibility,
    createdAt: new Date(published).toISOString(),
    objectUri,
  }).catch(async (error: unknown) => {
    // The same Note delivered twice at once: the other delivery stored it.
    const other = await postByObjectUri(ctx.data.db, objectUri);
    if (other) return { raced: other.id };
    throw error;
  });
  if (typeof postId === 'object') return postId.raced;
  ctx.data.fanout.add(postId);
  return postId;
}
