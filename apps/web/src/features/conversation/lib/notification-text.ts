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

const verbs: Record<Exclude<Notification['type'], 'report'>, string> = {
  like: 'liked your post',
  follow: 'started following you',
  comment: 'commented on your post',
  reply: 'replied to your comment',
  mention: 'mentioned you',
};

const targetNames = { post: 'a post', comment: 'a comment', user: 'an account' } as const;
const outcomes = {
  dismiss: 'no rule was broken, so it stays',
  remove_content: 'it was removed',
  suspend_user: 'the account was suspended',
} as const;

/** A report entry (issue 16): "The moderators reviewed your report of a post: it was removed." */
export function reportOutcomeText(report: NonNullable<Notification['report']>): string {
  return `The moderators reviewed your report of ${targetNames[report.targetType]}: ${outcomes[report.action]}.`;
}

/** The sentence of one entry: "Ana and 3 others liked your post". */
export const notificationText = (notification: Notification) =>
  notification.type === 'report'
    ? notification.report
      ? reportOutcomeText(notification.report)
      : 'The moderators reviewed your report.'
    : `${actorsText(notification)} ${verbs[notification.type]}`;
