import type { Notification } from '@spotter/contract';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { notificationLatestActors } from '../src/db/migrations/076-notification-latest-actors';
import { notificationCountsByTrigger } from '../src/db/migrations/077-notification-counts-by-trigger';
import { useTestApp } from './helpers/test-app';

/**
 * Migration 076: each notification keeps its newest actors on its row, kept by triggers, and the page
 * names an entry's actors from that list, going the long way (the index) when the recipient's hidden
 * people leave it short. What the recipient sees must be what the index order says, whatever changed.
 */
const t = useTestApp();

async function newPost(token: string): Promise<string> {
  const res = await t().call('POST', '/api/posts', {
    token,
    body: { postData: { content: 'Squat 180 kg' } },
    headers: { prefer: 'return=minimal' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().post._id as string;
}

const shown = async (token: string) => {
  const res = await t().call('GET', '/api/notifications', { token });
  expect(res.statusCode).toBe(200);
  return (res.json() as { notifications: Notification[] }).notifications.map((n) => [
    n.actorCount,
    n.actors.map((a) => a.username),
  ]);
};

/** The kept list of the recipient's entries, as usernames (what the triggers wrote). */
async function keptLists(username: string): Promise<string[][]> {
  const db = t().db.kysely;
  const rows = await db
    .selectFrom('notifications')
    .innerJoin('users', 'users.id', 'notifications.recipient_id')
    .select('notifications.latest_actors')
    .where('users.username', '=', username)
    .orderBy('notifications.created_at', 'desc')
    .execute();
  const names = new Map(
    (await db.selectFrom('users').select(['id', 'username']).execute()).map((u) => [Number(u.id), u.username]),
  );
  return rows.map((r) => (r.latest_actors ?? '').split(',').map((key) => names.get(Number(key)) ?? `?${key}`));
}

const like = (postId: string, token: string) => t().call('POST', `/api/posts/like/${postId}`, { token });

/** A post of `a`'s liked by eight new people, `<prefix>1` first and `<prefix>8` last. */
async function likedByEight(a: { token: string }, prefix: string) {
  const fans = [];
  for (let i = 1; i <= 8; i++) fans.push(await t().signup(`${prefix}${i}`));
  const postId = await newPost(a.token);
  for (const fan of fans) await like(postId, fan.token);
  return { postId, fans };
}
const unlike = (postId: string, token: string) => t().call('POST', `/api/posts/dislike/${postId}`, { token });

describe('the newest actors kept on each notification (migration 076)', () => {
  it('follow likes, a like given again and an erased account in the index order', async () => {
    const a = await t().signup('n76_a');
    const { postId, fans } = await likedByEight(a, 'n76_f');
    expect(await keptLists('n76_a')).toEqual([['n76_f8', 'n76_f7', 'n76_f6', 'n76_f5', 'n76_f4', 'n76_f3']]);
    expect(await shown(a.token)).toEqual([[8, ['n76_f8', 'n76_f7', 'n76_f6']]]);

    // A like taken back and given again (the entry is still unread): the newest again.
    const [f1, , , , , , f7] = fans;
    await unlike(postId, f1?.token ?? '');
    await like(postId, f1?.token ?? '');
    expect(await shown(a.token)).toEqual([[8, ['n76_f1', 'n76_f8', 'n76_f7']]]);

    // An erased account leaves the list (its actor rows go by cascade); the next newest move up.
    await t()
      .db.kysely.deleteFrom('users')
      .where('public_id', '=', f7?.userId ?? '')
      .execute();
    expect(await keptLists('n76_a')).toEqual([['n76_f1', 'n76_f8', 'n76_f6', 'n76_f5', 'n76_f4', 'n76_f3']]);
    expect(await shown(a.token)).toEqual([[7, ['n76_f1', 'n76_f8', 'n76_f6']]]);
  });

  it('shows older actors when the people the recipient hides fill the newest', async () => {
    const a = await t().signup('n76_h');
    const { fans } = await likedByEight(a, 'n76_h');
    // Four of the six kept are hidden: block two, mute two; only two of the kept list are left.
    for (const [i, action] of [
      [7, 'block'],
      [6, 'mute'],
      [5, 'block'],
      [4, 'mute'],
    ] as const) {
      const res = await t().call('POST', `/api/users/${action}/${fans[i]?.userId}`, { token: a.token });
      expect(res.statusCode).toBeLessThan(300);
    }
    expect(await shown(a.token)).toEqual([[4, ['n76_h4', 'n76_h3', 'n76_h2']]]);
    // A single actor hidden among the kept: the list alone answers.
    await t().call('POST', `/api/users/unblock/${fans[7]?.userId}`, { token: a.token });
    await t().call('POST', `/api/users/unmute/${fans[6]?.userId}`, { token: a.token });
    await t().call('POST', `/api/users/unblock/${fans[5]?.userId}`, { token: a.token });
    expect(await shown(a.token)).toEqual([[7, ['n76_h8', 'n76_h7', 'n76_h6']]]);
  });

  it('fills the list of the entries a database had before it', async () => {
    const a = await t().signup('n76_m');
    const postId = await newPost(a.token);
    for (let i = 1; i <= 4; i++) await like(postId, (await t().signup(`n76_m${i}`)).token);
    await t().call('POST', `/api/users/follow/${a.userId}`, { token: (await t().signup('n76_mf')).token });
    const before = await shown(a.token);
    expect(before).toEqual([
      [1, ['n76_mf']],
      [4, ['n76_m4', 'n76_m3', 'n76_m2']],
    ]);

    const db = t().db.kysely as unknown as Kysely<unknown>;
    const migration = notificationLatestActors(t().db.kind);
    const later = notificationCountsByTrigger(t().db.kind);
    await later.down(db);
    await migration.down(db);
    await migration.up(db);
    await later.up(db);
    expect(await keptLists('n76_m')).toEqual([['n76_mf'], ['n76_m4', 'n76_m3', 'n76_m2', 'n76_m1']]);
    expect(await shown(a.token)).toEqual(before);
  });
});
