import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { addNotification, type NewNotification, notificationByKey, unreadCount } from '../queries/notifications';

/**
 * Records a notification and sends it to the recipient's open streams. Called after the action it
 * tells of has been stored: a failure here is logged, never turned into a failed like or comment.
 */
export async function notify(ctx: AppContext, n: NewNotification, log: FastifyBaseLogger): Promise<void> {
  try {
    const id = await addNotification(ctx.db, n);
    if (id === undefined) return;
    const notification = await notificationByKey(ctx.db, id);
    if (!notification) return;
    await ctx.notifications.publish(n.recipientId, {
      notification,
      unreadCount: await unreadCount(ctx.db, n.recipientId),
    });
  } catch (error) {
    log.warn({ err: error }, 'notification not recorded');
  }
}
