/**
 * The conversation feature's public entry (issue 14): the comment thread of the single post page,
 * the bell with its live unread count, and the trending tags of the sidebar. Its screens
 * (/notifications, /tags/:tag) are loaded lazily by app/router.tsx.
 */
export { useNotificationStream } from './api/notification-stream';
export { CommentThread } from './components/comment-thread';
export { NotificationsLink } from './components/notifications-link';
export { TrendingTags } from './components/trending-tags';
