import type { Handler } from '../../../http/add-route';
import { publishUnreadCount } from '../notify';
import { markAllRead } from '../queries/notifications';

export const readNotifications: Handler<'readNotifications'> = async ({ user, request }, ctx) => {
  await markAllRead(ctx.db, user.id);
  // The person's other tabs and devices clear their bell too.
  await publishUnreadCount(ctx, user.id, request.log);
  return { unreadCount: 0 };
};
