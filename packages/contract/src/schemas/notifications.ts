import { z } from 'zod';
import { notificationKinds, notificationTypes, reportActions, reportReasons, reportTargetTypes } from '../constants';
import { signedOutReasons } from '../signed-out';
import { id, timestamp } from './fields';
import { pageQuerySchema } from './pages';
import { userSummarySchema } from './users';

const excerpt = z.object({ _id: id, excerpt: z.string() });

/**
 * One entry of the notifications list (issue 14). Likes of one post, and follows, gather in one
 * entry until it is read: `actors` are the latest (at most 3), `actorCount` all of them.
 */
export const notificationSchema = z.object({
  _id: id,
  type: z.enum(notificationTypes),
  actors: z.array(userSummarySchema),
  actorCount: z.number().int(),
  post: excerpt.optional(),
  comment: excerpt.optional(),
  /** A `report` entry: what the moderators did about what the person reported. */
  report: z
    .object({
      action: z.enum(reportActions),
      targetType: z.enum(reportTargetTypes),
      /** A `content_removed` entry's: why the moderators removed the person's post or comment, in their words. */
      reason: z.enum(reportReasons).optional(),
      note: z.string().optional(),
    })
    .optional(),
  createdAt: timestamp,
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `kind` shows only the entries of one kind (constants.ts, notificationKindTypes); without it, all of them. */
export const notificationPageQuerySchema = pageQuerySchema.extend({
  kind: z.enum(notificationKinds).optional(),
});
export const notificationPageSchema = z.object({
  notifications: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
  unreadCount: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ unreadCount: z.number().int() });

/** The data of one `notification` event of GET /api/notifications/stream. */
export const notificationEventSchema = z.object({ notification: notificationSchema, unreadCount: z.number().int() });
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

/**
 * The data of one `unread` event of the stream: the unread count changed with no new entry (a like
 * taken back, an unfollow, everything marked read on another device, entries gone with a deleted
 * comment, post or account, hidden or shown again by a moderator, or by the person's own block or mute).
 */
export const unreadEventSchema = z.object({ unreadCount: z.number().int() });
export type UnreadEvent = z.infer<typeof unreadEventSchema>;

/**
 * The data of one `new-post` event of the stream (issue 47): someone the person follows posted, and
 * the post is in their home feed now (sent once its fan-out has run; no id: a reconnect does not
 * replay it, the feed itself has the post). The web app counts them into its "N new posts" pill.
 */
export const newPostEventSchema = z.object({ newPost: z.object({ _id: id }) });
export type NewPostEvent = z.infer<typeof newPostEventSchema>;

/** What the stream sends: a new entry, a new unread count alone, or a followed person's new post. */
export type StreamEvent = NotificationEvent | UnreadEvent | NewPostEvent;

/**
 * The data of the stream's last event, `signed-out` (issue 45): the session that opened the stream
 * ended (password changed, logged out everywhere, session revoked, account suspended), and why. The
 * stream ends after it; opening it again with that token is a 401.
 */
export const signedOutEventSchema = z.object({ reason: z.enum(signedOutReasons) });
export type SignedOutEvent = z.infer<typeof signedOutEventSchema>;
