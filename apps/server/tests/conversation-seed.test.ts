import type { Comment, Notification } from '@spotter/contract';
import { describe, expect, it } from 'vitest';
import { guest, seedPost } from './helpers/seed-data';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

describe('the demo network has a conversation (issue 14)', () => {
  it('gives the guest threads with replies, notifications (grouped likes, a mention) and tagged posts', async () => {
    const { token } = await t().login(guest.username, guest.password);
    const thread = await t().call('GET', `/api/posts/${seedPost('guest-first').id}/comments`);
    expect((thread.json().comments as Comment[]).map((c) => [c.author.username, c.replyTo !== null])).toEqual([
      ['maya_lifts', false],
      ['guest', true],
      ['coach_dan', false],
    ]);
    const card = await t().call('GET', `/api/posts/${seedPost('guest-first').id}/card`);
    expect(card.json().post.commentCount).toBe(3);

    const page = (await t().call('GET', '/api/notifications?limit=50', { token })).json();
    const types = (page.notifications as Notification[]).map((n) => n.type);
    expect(types).toEqual(expect.arrayContaining(['like', 'follow', 'comment', 'reply', 'mention']));
    expect(page.unreadCount).toBe(page.notifications.length);
    const likes = (page.notifications as Notification[]).find((n) => n.type === 'like' && n.actorCount > 1);
    expect(likes?.actors.length).toBeGreaterThan(1);

    const squat = (await t().call('GET', '/api/tags/squat/posts')).json().posts as { _id: string }[];
    expect(squat.map((p) => p._id)).toContain(seedPost('guest-first').id);
  });

  it('has tags trending whenever it is seeded: its last week is moved to the week before now', async () => {
    const tags = (await t().call('GET', '/api/tags/trending')).json().tags as { tag: string; posts: number }[];
    expect(tags.map((x) => x.tag)).toEqual(expect.arrayContaining(['squat', 'running', 'formcheck']));
    const latest = (await t().call('GET', '/api/posts?limit=1')).json().posts[0] as { createdAt: string };
    const age = Date.now() - Date.parse(latest.createdAt);
    expect(age).toBeGreaterThan(0);
    expect(age).toBeLessThan(7 * 86_400_000);
  });
});
