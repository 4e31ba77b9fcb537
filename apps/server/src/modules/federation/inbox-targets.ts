import type { InboxContext } from '@fedify/fedify';
import { Note } from '@fedify/vocab';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { commentByObjectUri, findLocalComment } from './queries/comments';
import { findLocalActor } from './queries/people';
import { findLocalNote, postByObjectUri } from './queries/posts';

/** What an activity's object names here: a post, a comment (with its post), a local person, or nothing. */
export type Target =
  | { kind: 'post'; id: Key; publicId: string }
  | { kind: 'comment'; id: Key; publicId: string; postPublicId: string }
  | { kind: 'person'; id: Key; publicId: string };

/**
 * A URI as something here: one of ours (a local post's or comment's Note, a local actor) by its
 * path, or a remote post or comment this server holds by its Note's id.
 */
export async function targetOf(ctx: InboxContext<AppContext>, uri: URL | null): Promise<Target | undefined> {
  if (!uri) return undefined;
  const db = ctx.data.db;
  const ours = ctx.parseUri(uri);
  if (ours?.type === 'actor') {
    const person = await findLocalActor(db, ours.identifier);
    return person && { kind: 'person', id: person.id, publicId: person.public_id };
  }
  if (ours?.type === 'object' && ours.class === Note) {
    const publicId = ours.values.id ?? '';
    const post = await findLocalNote(db, { publicId });
    if (post) return { kind: 'post', id: post.id, publicId };
    const comment = await findLocalComment(db, { publicId });
    return comment && { kind: 'comment', id: comment.id, publicId, postPublicId: comment.post_public_id };
  }
  if (ours) return undefined;
  const post = await postByObjectUri(db, uri.href);
  if (post) return { kind: 'post', id: post.id, publicId: post.public_id };
  const comment = await commentByObjectUri(db, uri.href);
  return (
    comment && { kind: 'comment', id: comment.id, publicId: comment.public_id, postPublicId: comment.post_public_id }
  );
}
