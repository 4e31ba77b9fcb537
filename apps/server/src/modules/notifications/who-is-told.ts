import { mentionNotifyMax, type NotificationType } from '@spotter/contract';
import type { Key } from '../../db/schema';

/** One entry to record: `recipientId` is told that `actorId` did something (a like, a follow, ...). */
export interface NewNotification {
  recipientId: Key;
  actorId: Key;
  type: NotificationType;
  postId?: Key;
  commentId?: Key;
}

/**
 * An action others may be told of, with the people it concerns. `mentioned`: the existing people a
 * text names, in the text's order (conversation/mentions.ts, mentionedIn).
 */
export type Action =
  | { kind: 'like'; actorId: Key; postId: Key; postAuthorId: Key }
  /** A remote person's `Announce` of a post (issue 49). */
  | { kind: 'boost'; actorId: Key; postId: Key; postAuthorId: Key }
  | { kind: 'follow'; actorId: Key; followeeId: Key }
  | { kind: 'post' | 'post-edit'; actorId: Key; postId: Key; mentioned: readonly Key[] }
  | {
      kind: 'comment';
      actorId: Key;
      postId: Key;
      commentId: Key;
      postAuthorId: Key;
      /** The author of the comment this one answers; null for a comment on the post itself. */
      parentAuthorId: Key | null;
      mentioned: readonly Key[];
    }
  | { kind: 'comment-edit'; actorId: Key; postId: Key; commentId: Key; postAuthorId: Key; mentioned: readonly Key[] };

/** What the database knows that the rule weighs. */
export interface Circumstances {
  /** Of the people the action would tell, those it must not: a block either way with the actor, or a mute of the actor. */
  silenced: ReadonlySet<Key>;
  /** An edit's: the people earlier versions of its text already told of a mention (they keep their places under the cap). */
  toldOfMentions: ReadonlySet<Key>;
}

const nobody: ReadonlySet<Key> = new Set();

/**
 * THE rule of who is told of an action, and of what (Mastodon's NotifyService has the same role):
 * - nobody is told of their own action;
 * - nobody is told of the action of someone they block, who blocks them, or whom they mute;
 * - a like tells the post's author, and so does a boost; a follow, the person followed;
 * - a comment tells the author of the comment it answers ("reply"), and the post's author ("comment")
 *   unless that is the same person, already told of the reply;
 * - the people a post's or comment's text mentions are told ("mention"), but not those told above of
 *   the same comment (its post's author, the answered comment's author), nor, for an edit, those an
 *   earlier version told: at most `mentionNotifyMax` people for a text and all its versions, the first
 *   in the text. A silenced person keeps their place under that cap.
 * The entries come in the order they are recorded: reply, comment, then mentions in the text's order.
 */
export function whoIsTold(action: Action, circumstances: Circumstances): NewNotification[] {
  const told = [...directly(action), ...mentionsOf(action, circumstances.toldOfMentions)];
  return told.filter(({ recipientId }) => recipientId !== action.actorId && !circumstances.silenced.has(recipientId));
}

/** Who would be told were nobody silenced: the people whose blocks and mutes the database is asked about. */
export function mayBeTold(action: Action, toldOfMentions: ReadonlySet<Key> = nobody): Key[] {
  return whoIsTold(action, { silenced: nobody, toldOfMentions }).map((n) => n.recipientId);
}

function directly(action: Action): NewNotification[] {
  const { actorId } = action;
  switch (action.kind) {
    case 'like':
    case 'boost':
      return [{ recipientId: action.postAuthorId, actorId, type: action.kind, postId: action.postId }];
    case 'follow':
      return [{ recipientId: action.followeeId, actorId, type: 'follow' }];
    case 'comment': {
      const about = { actorId, postId: action.postId, commentId: action.commentId };
      const told: NewNotification[] = [];
      if (action.parentAuthorId !== null) told.push({ ...about, recipientId: action.parentAuthorId, type: 'reply' });
      if (action.parentAuthorId !== action.postAuthorId) {
        told.push({ ...about, recipientId: action.postAuthorId, type: 'comment' });
      }
      return told;
    }
    default:
      return [];
  }
}

function mentionsOf(action: Action, toldAlready: ReadonlySet<Key>): NewNotification[] {
  if (action.kind === 'like' || action.kind === 'boost' || action.kind === 'follow') return [];
  const skip = new Set<Key>([action.actorId]);
  let commentId: Key | undefined;
  if (action.kind === 'comment' || action.kind === 'comment-edit') {
    commentId = action.commentId;
    skip.add(action.postAuthorId);
    if (action.kind === 'comment' && action.parentAuthorId !== null) skip.add(action.parentAuthorId);
  }
  const room = Math.max(0, mentionNotifyMax - toldAlready.size);
  return action.mentioned
    .filter((recipientId) => !skip.has(recipientId) && !toldAlready.has(recipientId))
    .slice(0, room)
    .map((recipientId) => ({
      recipientId,
      actorId: action.actorId,
      type: 'mention' as const,
      postId: action.postId,
      ...(commentId !== undefined ? { commentId } : {}),
    }));
}
