import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../database';

/**
 * Stored actor counts a notifications page can trust (decision 041): `notifications.actor_count` is
 * kept equal to the number of the entry's `notification_actors` rows. Writers already set it when an
 * actor joins (modules/notifications/queries/notifications.ts); a trigger lowers it whenever an actor row goes, whatever
 * deletes it (an erased account, a deleted user's cascade), and existing rows are counted again here.
 * The page then subtracts only the actors its recipient may not see, found from the recipient's side
 * (their blocks and mutes, and the suspended people, through the partial index `users_suspended`),
 * instead of testing every actor of every entry.
 */
export function notificationActorCounts(kind: DialectKind) {
  return {
    async up(db: Kysely<unknown>) {
      await sql`update notifications set actor_count =
        (select count(*) from notification_actors na where na.notification_id = notifications.id)`.execute(db);
      await createActorGoneTrigger(db, kind);
      // The suspended people are few: the page reads them as a set, without a scan of users.
      await sql`create index users_suspended on users (id) where suspended_at is not null`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop index users_suspended`.execute(db);
      if (kind === 'postgres') {
        await sql`drop trigger notification_actors_count on notification_actors`.execute(db);
        await sql`drop function spotter_notification_actor_gone()`.execute(db);
      } else {
        await sql`drop trigger notification_actors_count`.execute(db);
      }
    },
  };
}

/** The trigger that lowers an entry's count as an actor row goes (replaced by migration 077's). */
export async function createActorGoneTrigger(db: Kysely<unknown>, kind: DialectKind) {
  if (kind === 'postgres') {
    await sql`create function spotter_notification_actor_gone() returns trigger language plpgsql as $$
      begin
        update notifications set actor_count = actor_count - 1 where id = old.notification_id;
        return null;
      end $$`.execute(db);
    await sql`create trigger notification_actors_count after delete on notification_actors for each row
      execute function spotter_notification_actor_gone()`.execute(db);
  } else {
    await sql`create trigger notification_actors_count after delete on notification_actors for each row
      begin update notifications set actor_count = actor_count - 1 where id = old.notification_id; end`.execute(db);
  }
}
