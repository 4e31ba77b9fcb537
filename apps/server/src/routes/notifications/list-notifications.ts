import { withGenericPlans } from '../../db/generic-plans';
import type { Handler } from '../../http/add-route';
import { encodeCursor } from '../../paging/cursor';
import { pageRequest } from '../../paging/page-request';
import { notificationPage, unreadCount } from '../../queries/notifications';

export const listNotifications: Handler<'listNotifications'> = async ({ query, user }, ctx) => {
  const { page, count } = await withGenericPlans(ctx.db, async (on) => ({
    page: await notificationPage(ctx.db, user.id, pageRequest(query), on),
    count: await unreadCount(ctx.db, user.id, on),
  }));
  return {
    notifications: page.notifications,
    nextCursor: page.next ? encodeCursor(page.next) : null,
    unreadCount: count,
  };
};
