import { type Notification, reportReasonLabels } from '@spotter/contract';

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

const verbs: Record<Exclude<Notification['type'], 'report' | 'content_removed'>, string> = {
  like: 'liked your post',
  boost: 'boosted your post',
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

/**
 * A `content_removed` entry (issue 47): "The moderators removed your post. Reason: Spam or
 * advertising. “Selling pills is not allowed.”"
 */
export function removalText(report: NonNullable<Notification['report']>): string {
  const what = report.targetType === 'comment' ? 'comment' : 'post';
  const reason = report.reason ? ` Reason: ${reportReasonLabels[report.reason]}.` : '';
  return `The moderators removed your ${what}.${reason}${report.note ? ` “${report.note}”` : ''}`;
}

/** The sentence of one entry: "Ana and 3 others liked your post". */
export function notificationText(notification: Notification): string {
  if (notification.type === 'content_removed') {
    return notification.report ? removalText(notification.report) : 'The moderators removed your post.';
  }
  if (notification.type === 'report') {
    return notification.report ? reportOutcomeText(notification.report) : 'The moderators reviewed your report.';
  }
  return `${actorsText(notification)} ${verbs[notification.type]}`;
}
