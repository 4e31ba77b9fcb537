import { sql } from 'kysely';
import type { Db } from '../../src/db/database';

/**
 * Runs `work` while every notification's second write fails (a trigger refuses each insert into
 * notification_actors, after its entry was inserted in the action's transaction), then removes the
 * trigger: what a failed notification leaves of the action and of the entry.
 */
export async function whileNotificationsFail<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (db.kind === 'postgres') {
    await sql`create function refuse_actor() returns trigger language plpgsql as $$
      begin raise exception 'refused'; end $$`.execute(db.kysely);
    await sql`create trigger refuse_actor before insert on notification_actors
      for each row execute function refuse_actor()`.execute(db.kysely);
  } else {
    await sql`create trigger refuse_actor before insert on notification_actors
      begin select raise(abort, 'refused'); end`.execute(db.kysely);
  }
  try {
    return await work();
  } finally {
    await sql`drop trigger refuse_actor${sql.raw(db.kind === 'postgres' ? ' on notification_actors' : '')}`.execute(
      db.kysely,
    );
    if (db.kind === 'postgres') await sql`drop function refuse_actor()`.execute(db.kysely);
  }
}
