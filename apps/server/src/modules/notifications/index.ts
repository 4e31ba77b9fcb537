export { announceDeletedPosts, postsAboutToGo } from './deleted-post-event';
export { createNotificationHub, type DeletedPosts, type EveryoneEvent, NotificationHub } from './hub';
export { announceNewPost } from './new-post-event';
export {
  notificationsOfAction,
  notifyOfRemoval,
  notifyReporters,
  publishRecorded,
  publishUnreadCount,
  publishUnreadCounts,
  publishUnreadCountsAbout,
} from './notify';
export {
  type About,
  aboutAccount,
  aboutComment,
  aboutCommentThread,
  aboutPost,
  aboutPostsBy,
  aboutRepliesTo,
  causedBy,
  unreadRecipients,
} from './queries/notification-recipients';
export { removeActorFromEntries, retractNotification } from './queries/notification-retraction';
export {
  dismissNotifications,
  notificationByPublicId,
  notificationKeysetOf,
  notificationPage,
  notificationsSince,
  recordActionIn,
} from './queries/notifications';
export { notificationStreamRoute } from './routes/notification-stream';
export { type Action, type NewNotification, whoIsTold } from './who-is-told';
