import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { DatabaseSchema, Key } from '../../../db/schema';

/** A condition on `notifications` rows: which entries a change takes away or shows again. */
export type About = (eb: ExpressionBuilder<DatabaseSchema, 'notifications'>) => Expression<SqlBool>;

/**
 * The people with an unread entry matching any of `abouts`: whose unread count a change lowers (or,
 * for a restoration, raises), for their open streams to be told once it commits
 * (modules/notifications/notify.ts, publishUnreadCounts); a read entry changes no count. For a deletion, read
 * inside its transaction before the rows go by cascade; for what only hides entries (a moderator's
 * removal, a suspension), read after it. One indexed statement each.
 */
export async function unreadRecipients(on: Kysely<DatabaseSchema>, abouts: readonly About[]): Promise<Key[]> {
  const people = new Set<Key>();
  for (const about of abouts) {
    const rows = await on
      .selectFrom('notifications')
      .select('notifications.recipient_id')
      .distinct()
      .where('notifications.is_read', '=', 0)
      .where(about)
      .execute();
    for (const row of rows) people.add(row.recipient_id);
  }
  return [...people];
}

/** Entries about a post: its likes, its comments and replies, the mentions in it and in them. */
export const aboutPost =
  (postId: Key): About =>
  (eb) =>
    eb('notifications.post_id', '=', postId);

/** Entries about one comment (a moderator's removal hides it alone: its replies stay). */
export const aboutComment =
  (commentId: Key): About =>
  (eb) =>
    eb('notifications.comment_id', '=', commentId);

/** Entries about a comment and, for a top-level one, its replies (a deletion takes them along). */
export const aboutCommentThread =
  (commentId: Key): About =>
  (eb) =>
    eb(
      'notifications.comment_id',
      'in',
      eb
        .selectFrom('comments')
        .select('comments.id')
        .where((c) => c.or([c('comments.id', '=', commentId), c('comments.parent_id', '=', commentId)])),
    );

/** Entries a person is an actor of: what they liked, followed, commented, mentioned. */
export const causedBy =
  (userId: Key): About =>
  (eb) =>
    eb(
      'notifications.id',
      'in',
      eb
        .selectFrom('notification_actors')
        .select('notification_actors.notification_id')
        .where('notification_actors.actor_id', '=', userId),
    );

/** Entries about a person's posts (others' comments and mentions under them). */
export const aboutPostsBy =
  (userId: Key): About =>
  (eb) =>
    eb('notifications.post_id', 'in', eb.selectFrom('posts').select('posts.id').where('posts.author_id', '=', userId));

/** Entries about a person's comments. */
export const aboutCommentsBy =
  (userId: Key): About =>
  (eb) =>
    eb(
      'notifications.comment_id',
      'in',
      eb.selectFrom('comments').select('comments.id').where('comments.author_id', '=', userId),
    );

/** Entries about others' replies to a person's comments (which go with the comments they answer). */
export const aboutRepliesTo =
  (userId: Key): About =>
  (eb) =>
    eb(
      'notifications.comment_id',
      'in',
      eb
        .selectFrom('comments as reply')
        .innerJoin('comments as theirs', 'theirs.id', 'reply.parent_id')
        .select('reply.id')
        .where('theirs.author_id', '=', userId),
    );

/** Entries a suspension hides and its lifting shows again: what the person caused, and what is about their posts and comments. */
export const aboutAccount = (userId: Key): About[] => [causedBy(userId), aboutPostsBy(userId), aboutCommentsBy(userId)];
