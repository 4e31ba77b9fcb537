import type { Handler } from '../../../http/add-route';
import { encodeCursor } from '../../../paging/cursor';
import { pageRequest } from '../../../paging/page-request';
import { notificationPage } from '../queries/notifications';

export const listNotifications: Handler<'listNotifications'> = async ({ query, user }, ctx) => {
  const page = await notificationPage(ctx.db, user.id, { ...pageRequest(query), kind: query.kind });
  return {
    notifications: page.notifications,
    nextCursor: page.next ? encodeCursor(page.next) : null,
    unreadCount: page.unreadCount,
  };
};
