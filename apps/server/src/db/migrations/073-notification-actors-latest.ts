import { type Kysely, sql } from 'kysely';

/**
 * The latest actors of an entry read without a sort (modules/notifications/queries/notifications.ts, `latestActorsQuery`):
 * the page asks for an entry's actors `order by created_at desc, actor_id desc limit 3`, and the old
 * index `notification_actors_latest` (notification_id, created_at) had no actor_id for the tie-break,
 * so both engines sorted each entry's actors (SQLite: a temp b-tree per entry). With actor_id in the
 * index the read walks it backwards, stops at the third actor shown, and never visits the table (the
 * index holds every column the read uses). The same name, so the plans and docs keep naming it.
 */
export function notificationActorsLatest() {
  return {
    async up(db: Kysely<unknown>) {
      await sql`drop index notification_actors_latest`.execute(db);
      await sql`create index notification_actors_latest on notification_actors (notification_id, created_at, actor_id)`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>) {
      await sql`drop index notification_actors_latest`.execute(db);
      await sql`create index notification_actors_latest on notification_actors (notification_id, created_at)`.execute(
        db,
      );
    },
  };
}
