import { routeGroup, writes } from './spec';

/**
 * Conversation (issue 14): notifications (the `notifications` tag). Their live stream is not in the
 * table: see notificationStreamPath in ./index.ts.
 */
export const notificationRoutes = routeGroup({
  listNotifications: {
    method: 'GET',
    path: '/api/notifications',
    summary: "The signed-in person's notifications, newest first (likes and follows grouped until read)",
    tag: 'notifications',
    auth: true,
    status: 200,
    paging: 'always',
  },
  unreadNotifications: {
    method: 'GET',
    path: '/api/notifications/unread-count',
    summary: 'How many notifications are unread',
    tag: 'notifications',
    auth: true,
    status: 200,
  },
  readNotifications: {
    method: 'POST',
    path: '/api/notifications/read',
    summary: 'Mark every notification read',
    tag: 'notifications',
    auth: true,
    status: 200,
    rateLimit: writes,
  },
});
