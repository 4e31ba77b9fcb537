import type { Context } from '@fedify/fedify';
import { Create, Delete, Like, Note, PUBLIC_COLLECTION, Tombstone, Undo, Update } from '@fedify/vocab';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { commentNoteOf } from './comment-notes';
import { addresseesOf, deliver, recipientsOf } from './deliveries';
import { postNoteOf } from './note-tags';
import type { DeletedNote } from './post-outbox';
import { findLocalComment } from './queries/comments';
import { localPublicIdOf } from './queries/people';
import { findLocalNote, remoteAuthorOfPost, remotePostOf } from './queries/posts';
import { Temporal } from './temporal';

/**
 * What a local person does to posts and people elsewhere, sent as the activities Mastodon reads
 * (issue 49): an edit as `Update(Note)`, a deletion as `Delete(Tombstone)`, a comment as a reply
 * Note, a like of a remote post as `Like` to its author and its taking back as `Undo(Like)`. Each
 * goes to whoever had the Note: the author's remote followers and the remote people it answers.
 */

/** An activity's id, unique per act (a second edit, or a like given again, is a new activity). */
const activityId = (of: URL, what: string) => new URL(`${of.href}#${what}/${Date.now()}`);

const updateOf = (note: Note, actor: URL) =>
  new Update({
    id: activityId(note.id as URL, 'update'),
    actor,
    object: note,
    tos: note.toIds,
    ccs: note.ccIds,
    updated: Temporal.Now.instant(),
  });

export async function sendEditedPost(ctx: Context<AppContext>, postId: Key) {
  const post = await findLocalNote(ctx.data.db, { id: postId });
  if (!post || post.author_remote) return;
  // Made private ("only me"): those who had it are told it is gone (harmless to those who never had it).
  if (post.visibility === 'private') {
    const gone = { publicId: post.public_id, authorId: post.author_id, visibility: 'followers' as const };
    return sendDeletedNote(ctx, gone);
  }
  const note = await postNoteOf(ctx, post);
  if (!note) return;
  const recipients = await recipientsOf(ctx.data, post.author_id, { followers: true, also: addresseesOf(note) });
  await deliver(ctx, post.author_public_id, recipients, updateOf(note, ctx.getActorUri(post.author_public_id)));
}

export async function sendNewComment(ctx: Context<AppContext>, commentId: Key) {
  const comment = await findLocalComment(ctx.data.db, { id: commentId });
  const note = comment ? await commentNoteOf(ctx, comment) : undefined;
  if (!comment || !note) return;
  const recipients = await recipientsOf(ctx.data, comment.author_id, {
    followers: true,
    also: addresseesOf(note),
  });
  const activity = new Create({
    id: new URL(`${note.id?.href}#create`),
    actor: ctx.getActorUri(comment.author_public_id),
    object: note,
    tos: note.toIds,
    ccs: note.ccIds,
    published: note.published,
  });
  await deliver(ctx, comment.author_public_id, recipients, activity);
}

export async function sendEditedComment(ctx: Context<AppContext>, commentId: Key) {
  const comment = await findLocalComment(ctx.data.db, { id: commentId });
  const note = comment ? await commentNoteOf(ctx, comment) : undefined;
  if (!comment || !note) return;
  const recipients = await recipientsOf(ctx.data, comment.author_id, {
    followers: true,
    also: addresseesOf(note),
  });
  await deliver(ctx, comment.author_public_id, recipients, updateOf(note, ctx.getActorUri(comment.author_public_id)));
}

/** A local post or comment deleted (its row is gone): a Tombstone to whoever had it. */
export async function sendDeletedNote(ctx: Context<AppContext>, deleted: DeletedNote) {
  if (deleted.visibility === 'private') return;
  const author = await localPublicIdOf(ctx.data.db, deleted.authorId);
  if (!author) return;
  const postAuthor = deleted.postId === undefined ? undefined : await remoteAuthorOfPost(ctx.data.db, deleted.postId);
  const recipients = await recipientsOf(ctx.data, deleted.authorId, {
    followers: true,
    also: postAuthor ? [new URL(postAuthor)] : [],
  });
  const objectId = ctx.getObjectUri(Note, { id: deleted.publicId });
  const actor = ctx.getActorUri(author);
  const activity = new Delete({
    id: new URL(`${objectId.href}#delete`),
    actor,
    object: new Tombstone({ id: objectId }),
    tos: deleted.visibility === 'public' ? [PUBLIC_COLLECTION] : [ctx.getFollowersUri(author)],
  });
  await deliver(ctx, author, recipients, activity);
}

/** A like of a remote post, to its author (a local post's author hears of it here). */
export async function sendLike(ctx: Context<AppContext>, postPublicId: string, userId: Key) {
  const liked = await likeOf(ctx, postPublicId, userId);
  if (!liked) return;
  await deliver(ctx, liked.liker, liked.recipients, liked.like);
}

export async function sendUnlike(ctx: Context<AppContext>, postPublicId: string, userId: Key) {
  const liked = await likeOf(ctx, postPublicId, userId);
  if (!liked) return;
  const undo = new Undo({
    id: activityId(liked.like.id as URL, 'undo'),
    actor: liked.like.actorId,
    object: liked.like,
    tos: liked.like.toIds,
  });
  await deliver(ctx, liked.liker, liked.recipients, undo);
}

async function likeOf(ctx: Context<AppContext>, postPublicId: string, userId: Key) {
  const post = await remotePostOf(ctx.data.db, postPublicId);
  if (!post?.object_uri || !post.author_actor_uri) return undefined;
  const liker = await localPublicIdOf(ctx.data.db, userId);
  if (!liker) return undefined;
  const author = new URL(post.author_actor_uri);
  const recipients = await recipientsOf(ctx.data, userId, { followers: false, also: [author] });
  const actor = ctx.getActorUri(liker);
  const like = new Like({
    id: activityId(new URL(`${actor.href}#likes/${postPublicId}`), 'like'),
    actor,
    object: new URL(post.object_uri),
    tos: [author],
  });
  return { liker, recipients, like };
}
