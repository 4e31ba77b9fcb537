import type { Notification } from '@spotter/contract';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { notificationActorsLatest } from '../src/db/migrations/073-notification-actors-latest';
import { sortsIn } from './helpers/plans';
import { type QueryLog, recordQueries } from './helpers/query-log';
import { useTestApp } from './helpers/test-app';

/**
 * 073-notification-actors-latest: on a database from before it, `notification_actors_latest` is
 * (notification_id, created_at), and every entry's latest actors were sorted to break ties on
 * actor_id. The migration puts actor_id in the index: the page shows the same actors in the same
 * order, and reads them in the index's order, with no sort left (tests/helpers/plans.ts, `sortsIn`).
 */
let log: QueryLog | undefined;
const t = useTestApp(
  {},
  {
    wrapDb: (db) => {
      log = recordQueries(db);
      return log.db;
    },
  },
);

const page = async (token: string) => {
  log?.take();
  const res = await t().call('GET', '/api/notifications', { token });
  expect(res.statusCode).toBe(200);
  const shown = (res.json() as { notifications: Notification[] }).notifications.map((n) => [
    n.type,
    n.actorCount,
    n.actors.map((a) => a.username),
  ]);
  return { shown, queries: log?.take() ?? [] };
};

describe('migration 073 (the latest actors in the index order)', () => {
  it('shows the same latest actors, ties broken by the newest account, without sorting them', async () => {
    const star = await t().signup('m73_star');
    const fans = ['m73_a', 'm73_b', 'm73_c', 'm73_d'];
    for (const name of fans) {
      const fan = await t().signup(name);
      await t().call('POST', `/api/users/follow/${star.userId}`, { token: fan.token });
    }
    // The database an older server left: the old index; four follows recorded in the same millisecond.
    const db = t().db.kysely as unknown as Kysely<unknown>;
    const migration = notificationActorsLatest();
    await migration.down(db);
    await t().db.kysely.updateTable('notification_actors').set({ created_at: '2026-11-01T10:00:00.000Z' }).execute();
    // Without the newest actors kept on the entry (migration 076), the page reads them through the index.
    await t().db.kysely.updateTable('notifications').set({ latest_actors: null }).execute();
    const expected = [['follow', 4, ['m73_d', 'm73_c', 'm73_b']]];

    const before = await page(star.token);
    expect(before.shown).toEqual(expected);
    expect((await sortsIn(t().db, before.queries)).length).toBeGreaterThan(0);

    await migration.up(db);
    const after = await page(star.token);
    expect(after.shown).toEqual(expected);
    expect((await sortsIn(t().db, after.queries)).map((s) => s.problem)).toEqual([]);
  });
});
