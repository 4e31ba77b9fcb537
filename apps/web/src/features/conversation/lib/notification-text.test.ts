import type { Notification } from '@spotter/contract';
import { describe, expect, it } from 'vitest';
import { notificationText } from './notification-text';

const user = (firstname: string) => ({
  _id: firstname,
  username: firstname.toLowerCase(),
  firstname,
  lastname: '',
  avatarUrl: '',
});
const entry = (type: Notification['type'], names: string[], actorCount: number): Notification => ({
  _id: 'n',
  type,
  actors: names.map(user),
  actorCount,
  createdAt: '2026-11-24T00:00:00.000+00:00',
  read: false,
});

describe('notificationText', () => {
  it('names one, two, or the first and how many others', () => {
    expect(notificationText(entry('like', ['Ana'], 1))).toBe('Ana liked your post');
    expect(notificationText(entry('like', ['Ana', 'Ben'], 2))).toBe('Ana and Ben liked your post');
    expect(notificationText(entry('like', ['Ana', 'Ben', 'Cy'], 4))).toBe('Ana and 3 others liked your post');
    expect(notificationText(entry('follow', ['Ana', 'Ben', 'Cy'], 3))).toBe('Ana and 2 others started following you');
    expect(notificationText(entry('mention', ['Ana'], 1))).toBe('Ana mentioned you');
    expect(notificationText(entry('boost', ['Ana', 'Ben'], 2))).toBe('Ana and Ben boosted your post');
  });

  it('tells a reporter what the moderators did, naming no one', () => {
    const report = (action: 'dismiss' | 'remove_content' | 'suspend_user', targetType: 'post' | 'comment' | 'user') =>
      notificationText({ ...entry('report', [], 0), report: { action, targetType } });
    expect(report('remove_content', 'post')).toBe('The moderators reviewed your report of a post: it was removed.');
    expect(report('dismiss', 'comment')).toBe(
      'The moderators reviewed your report of a comment: no rule was broken, so it stays.',
    );
    expect(report('suspend_user', 'user')).toBe(
      'The moderators reviewed your report of an account: the account was suspended.',
    );
  });

  it('tells an author that the moderators removed their post or comment, and why', () => {
    const removed = (targetType: 'post' | 'comment', note: string) =>
      notificationText({
        ...entry('content_removed', [], 0),
        report: { action: 'remove_content', targetType, reason: 'spam', note },
      });
    expect(removed('post', 'No ads.')).toBe('The moderators removed your post. Reason: Spam or advertising. “No ads.”');
    expect(removed('comment', '')).toBe('The moderators removed your comment. Reason: Spam or advertising.');
  });
});
