import type { Handler } from '../../http/add-route';
import { markAllRead } from '../../queries/notifications';

export const readNotifications: Handler<'readNotifications'> = async ({ user }, ctx) => {
  await markAllRead(ctx.db, user.id);
  return { unreadCount: 0 };
};
