import type { Notification } from '@spotter/contract';

const nameOf = (user: Notification['actors'][number]) => `${user.firstname} ${user.lastname}`.trim() || user.username;

/** "Ana", "Ana and Ben", "Ana and 3 others". */
export function actorsText(notification: Pick<Notification, 'actors' | 'actorCount'>): string {
  const [first, second] = notification.actors;
  if (!first) return 'Someone';
  if (notification.actorCount === 2 && second) return `${nameOf(first)} and ${nameOf(second)}`;
  if (notification.actorCount > 1) {
    const others = notification.actorCount - 1;
    return `${nameOf(first)} and ${others} ${others === 1 ? 'other' : 'others'}`;
  }
  return nameOf(first);
}

const verbs: Record<Notification['type'], string> = {
  like: 'liked your post',
  follow: 'started following you',
  comment: 'commented on your post',
  reply: 'replied to your comment',
  mention: 'mentioned you',
};

/** The sentence of one entry: "Ana and 3 others liked your post". */
export const notificationText = (notification: Notification) =>
  `${actorsText(notification)} ${verbs[notification.type]}`;
