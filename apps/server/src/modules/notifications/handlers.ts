import type { RouteHandlers } from '../../http/add-route';
import { listNotifications } from './routes/list-notifications';
import { readNotifications } from './routes/read-notifications';
import { unreadNotifications } from './routes/unread-notifications';

/** The handlers of the notifications module's routes, for the registry (http/handlers.ts). */
export const notificationsHandlers = {
  listNotifications,
  readNotifications,
  unreadNotifications,
} satisfies RouteHandlers;
