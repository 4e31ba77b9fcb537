/**
 * The conversation feature's public entry (issue 14): the comment thread of the single post page
 * (which leaves the "⋯" menu of a comment to the app), the bell with its live unread count, and the
 * trending tags of the sidebar. /notifications is loaded lazily by app/router.tsx; the tag page is a
 * list of posts, composed in app/routes/tag.tsx.
 */
export { useNotificationStream } from './api/notification-stream';
export { CommentThread } from './components/comment-thread';
export { NotificationsLink } from './components/notifications-link';
export { TagResults } from './components/tag-results';
export { TrendingTags } from './components/trending-tags';
