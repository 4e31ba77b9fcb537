import type { Notification } from '@spotter/contract';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { notificationActorCounts } from '../src/db/migrations/070-notification-actor-counts';
import { notificationCountsByTrigger } from '../src/db/migrations/077-notification-counts-by-trigger';
import { useTestApp } from './helpers/test-app';

/**
 * 070-notification-actor-counts: a database from before it may hold a stored actor_count that no
 * longer matches its actors (nothing kept it when a person's row went by cascade). The migration
 * counts them again in place, and from then on a trigger keeps the count as actors go.
 */
const t = useTestApp();

const entries = async (token: string) =>
  ((await t().call('GET', '/api/notifications', { token })).json() as { notifications: Notification[] }).notifications;

describe('migration 070 (stored actor counts)', () => {
  it('counts the actors of existing entries again, and keeps the count as an actor goes', async () => {
    const a = await t().signup('m70_a');
    const fans = await Promise.all(['m70_b', 'm70_c', 'm70_d'].map((u) => t().signup(u)));
    const post = await t().call('POST', '/api/posts', {
      token: a.token,
      body: { postData: { content: 'Squat day' } },
      headers: { prefer: 'return=minimal' },
    });
    const postId = post.json().post._id as string;
    for (const fan of fans) await t().call('POST', `/api/posts/like/${postId}`, { token: fan.token });

    // The database as before 070: the trigger and index gone, a count gone stale.
    const db = t().db.kysely as unknown as Kysely<unknown>;
    const migration = notificationActorCounts(t().db.kind);
    const later = notificationCountsByTrigger(t().db.kind);
    await later.down(db);
    await migration.down(db);
    await t().db.kysely.updateTable('notifications').set({ actor_count: 7 }).where('type', '=', 'like').execute();
    await migration.up(db);
    await later.up(db);
    expect((await entries(a.token)).map((n) => [n.type, n.actorCount])).toEqual([['like', 3]]);

    await t()
      .db.kysely.deleteFrom('users')
      .where('public_id', '=', fans[2]?.userId ?? '')
      .execute();
    const [entry] = await entries(a.token);
    expect([entry?.actorCount, entry?.actors.map((u) => u.username)]).toEqual([2, ['m70_c', 'm70_b']]);
  });
});
