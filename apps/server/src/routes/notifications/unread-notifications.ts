import { withGenericPlans } from '../../db/generic-plans';
import type { Handler } from '../../http/add-route';
import { unreadCount } from '../../queries/notifications';

export const unreadNotifications: Handler<'unreadNotifications'> = async ({ user }, ctx) => ({
  unreadCount: await withGenericPlans(ctx.db, (on) => unreadCount(ctx.db, user.id, on)),
});
