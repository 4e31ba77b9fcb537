import type { Context } from '@fedify/fedify';
import { Note, PUBLIC_COLLECTION } from '@fedify/vocab';
import type { AppContext } from '../../context';
import { withConversation } from './note-tags';
import { postPageUrl } from './notes';
import type { LocalComment } from './queries/comments';
import { Temporal } from './temporal';

/** The Note a comment answers: its parent comment's, else its post's (local ones are ours, remote ones keep theirs). */
export function replyTargetOf(ctx: Context<AppContext>, comment: LocalComment): URL {
  if (comment.parent_public_id)
    return comment.parent_object_uri
      ? new URL(comment.parent_object_uri)
      : ctx.getObjectUri(Note, { id: comment.parent_public_id });
  return comment.post_object_uri
    ? new URL(comment.post_object_uri)
    : ctx.getObjectUri(Note, { id: comment.post_public_id });
}

/** The remote people a comment answers (its post's and its parent's authors): they are sent it and named in it. */
export const answeredPeople = (comment: LocalComment) =>
  [...new Set([comment.post_author_actor_uri, comment.parent_author_actor_uri].filter((u): u is string => !!u))].map(
    (uri) => new URL(uri),
  );

/**
 * A local comment as a reply Note (issue 49): `inReplyTo` what it answers, addressed as its post is
 * (public: to Public, cc the commenter's followers; followers-only: to them), and to the remote
 * people it answers. A comment on a private post never leaves.
 */
export async function commentNoteOf(ctx: Context<AppContext>, comment: LocalComment): Promise<Note | undefined> {
  if (comment.visibility === 'private') return undefined;
  const followers = ctx.getFollowersUri(comment.author_public_id);
  const answered = answeredPeople(comment);
  const note = new Note({
    id: ctx.getObjectUri(Note, { id: comment.public_id }),
    attribution: ctx.getActorUri(comment.author_public_id),
    mediaType: 'text/html',
    replyTarget: replyTargetOf(ctx, comment),
    url: new URL(`${postPageUrl(ctx.origin, comment.post_public_id).href}#comment-${comment.public_id}`),
    published: Temporal.Instant.from(new Date(comment.created_at).toISOString()),
    updated:
      String(comment.updated_at) !== String(comment.created_at)
        ? Temporal.Instant.from(new Date(comment.updated_at).toISOString())
        : null,
    tos: comment.visibility === 'public' ? [PUBLIC_COLLECTION, ...answered] : [followers, ...answered],
    ccs: comment.visibility === 'public' ? [followers] : [],
  });
  return withConversation(ctx, note, comment.content);
}
