import type { Notification } from '@spotter/contract';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { notificationCountsByTrigger } from '../src/db/migrations/077-notification-counts-by-trigger';
import { useTestApp } from './helpers/test-app';

/**
 * 077-notification-counts-by-trigger: an entry's actor count is kept by the trigger that keeps its
 * newest actors, one write of the entry per change of its actors. Upgrading leaves every stored count
 * as it was, and from then on every way an actor joins or leaves keeps count and list right.
 */
const t = useTestApp();

const shown = async (token: string) =>
  (
    (await t().call('GET', '/api/notifications', { token })).json() as { notifications: Notification[] }
  ).notifications.map((n) => [n.type, n.actorCount, n.actors.map((u) => u.username)]);

/** Entries whose stored count differs from their actor rows (the seeded network's included). */
const miscounted = async () =>
  (
    await sql<{ id: number }>`select n.id from notifications n
      where n.actor_count <> (select count(*) from notification_actors a where a.notification_id = n.id)`.execute(
      t().db.kysely,
    )
  ).rows;

describe('migration 077 (actor counts kept by the actors trigger)', () => {
  it('keeps the counts it finds, then counts every actor who joins, comes back or leaves', async () => {
    const a = await t().signup('m77_a');
    const fans = await Promise.all(['m77_b', 'm77_c', 'm77_d', 'm77_e'].map((u) => t().signup(u)));
    const post = await t().call('POST', '/api/posts', {
      token: a.token,
      body: { postData: { content: 'Bench day' } },
      headers: { prefer: 'return=minimal' },
    });
    const postId = post.json().post._id as string;
    const like = (token: string) => t().call('POST', `/api/posts/like/${postId}`, { token });
    const unlike = (token: string) => t().call('POST', `/api/posts/dislike/${postId}`, { token });
    for (const fan of fans.slice(0, 3)) await like(fan.token);

    // The database as migration 076 left it, then upgraded in place.
    const db = t().db.kysely as unknown as Kysely<unknown>;
    const migration = notificationCountsByTrigger(t().db.kind);
    await migration.down(db);
    await migration.up(db);
    expect(await shown(a.token)).toEqual([['like', 3, ['m77_d', 'm77_c', 'm77_b']]]);

    await like(fans[3]?.token ?? '');
    expect(await shown(a.token)).toEqual([['like', 4, ['m77_e', 'm77_d', 'm77_c']]]);
    await unlike(fans[1]?.token ?? '');
    expect(await shown(a.token)).toEqual([['like', 3, ['m77_e', 'm77_d', 'm77_b']]]);
    // Back again: counted once more, newest first.
    await like(fans[1]?.token ?? '');
    expect(await shown(a.token)).toEqual([['like', 4, ['m77_c', 'm77_e', 'm77_d']]]);
    // A comment's entry stands alone with its one actor.
    await t().call('POST', `/api/posts/${postId}/comments`, {
      token: fans[0]?.token,
      body: { commentData: { content: 'Strong' } },
    });
    expect(await shown(a.token)).toEqual([
      ['comment', 1, ['m77_b']],
      ['like', 4, ['m77_c', 'm77_e', 'm77_d']],
    ]);
    // Everyone leaves: the like entry goes with its last actor.
    for (const fan of fans) await unlike(fan.token);
    expect(await shown(a.token)).toEqual([['comment', 1, ['m77_b']]]);
    expect(await miscounted()).toEqual([]);
  });
});
