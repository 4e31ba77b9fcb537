import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../database';
import { createActorGoneTrigger } from './070-notification-actor-counts';
import { createLatestActorsTriggers, latestActorsOf } from './076-notification-latest-actors';

/**
 * An entry's actor count and its newest actors, kept by one trigger per change of its actors. Before,
 * a joining actor cost its entry two updates (the writer counted the actors again, migration 076's
 * trigger wrote the list) and a leaving one two as well (migration 070's trigger lowered the count,
 * 076's wrote the list): each a new version of the row and of its entries in the table's indexes,
 * the covering page index among them. Now each change of `notification_actors` writes the entry once:
 * an actor added counts one more, an actor gone one less, an actor whose time moved (a like given
 * again) only reorders the list. Writers insert a new entry with a count of 0 and add its actors.
 */
export function notificationCountsByTrigger(kind: DialectKind) {
  return {
    async up(db: Kysely<unknown>) {
      if (kind === 'postgres') {
        await sql`drop trigger notification_actors_latest_list on notification_actors`.execute(db);
        await sql`drop function spotter_notification_latest_actors()`.execute(db);
        await sql`drop trigger notification_actors_count on notification_actors`.execute(db);
        await sql`drop function spotter_notification_actor_gone()`.execute(db);
        await sql
          .raw(`create function spotter_notification_actors_changed() returns trigger language plpgsql as $$
          declare entry bigint; change integer;
          begin
            if tg_op = 'DELETE' then entry := old.notification_id; change := -1;
            elsif tg_op = 'INSERT' then entry := new.notification_id; change := 1;
            else entry := new.notification_id; change := 0;
            end if;
            update notifications set latest_actors = ${latestActorsOf(kind, 'entry')}, actor_count = actor_count + change
              where id = entry;
            return null;
          end $$`)
          .execute(db);
        await sql`create trigger notification_actors_entry after insert or delete or update of created_at
          on notification_actors for each row execute function spotter_notification_actors_changed()`.execute(db);
        return;
      }
      for (const name of ['latest_insert', 'latest_update', 'latest_delete', 'count'])
        await sql.raw(`drop trigger notification_actors_${name}`).execute(db);
      for (const [event, row, change] of [
        ['insert', 'new', ' + 1'],
        ['update of created_at', 'new', ''],
        ['delete', 'old', ' - 1'],
      ] as const) {
        await sql
          .raw(`create trigger notification_actors_entry_${event.split(' ')[0]} after ${event} on notification_actors
          for each row begin update notifications set latest_actors = ${latestActorsOf(kind, `${row}.notification_id`)},
          actor_count = actor_count${change} where id = ${row}.notification_id; end`)
          .execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      if (kind === 'postgres') {
        await sql`drop trigger notification_actors_entry on notification_actors`.execute(db);
        await sql`drop function spotter_notification_actors_changed()`.execute(db);
      } else {
        for (const name of ['insert', 'update', 'delete'])
          await sql.raw(`drop trigger notification_actors_entry_${name}`).execute(db);
      }
      await createLatestActorsTriggers(db, kind);
      await createActorGoneTrigger(db, kind);
    },
  };
}
