import type { Handler } from '../../../http/add-route';
import { unreadCount } from '../queries/notifications';

export const unreadNotifications: Handler<'unreadNotifications'> = async ({ user }, ctx) => ({
  unreadCount: await unreadCount(ctx.db, user.id),
});
