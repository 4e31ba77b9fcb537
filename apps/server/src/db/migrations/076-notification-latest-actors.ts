import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../database';

/** How many of an entry's newest actors its row keeps: the three shown, and three to spare for hidden ones. */
export const storedLatestActors = 6;

/**
 * An entry's newest actors, newest first (created_at, then actor_id, as notification_actors_latest
 * orders them), as comma-separated keys: the SQL that works them out for the entry `entry`.
 */
export function latestActorsOf(kind: DialectKind, entry: string) {
  const newest = `select l.actor_id, l.created_at from notification_actors l where l.notification_id = ${entry}
    order by l.created_at desc, l.actor_id desc limit ${storedLatestActors}`;
  return kind === 'postgres'
    ? `(select string_agg(n.actor_id::text, ',' order by n.created_at desc, n.actor_id desc) from (${newest}) n)`
    : `(select group_concat(n.actor_id, ',' order by n.created_at desc, n.actor_id desc) from (${newest}) n)`;
}

/** Fills `latest_actors` of every entry (this migration; the bench's loaders after a bulk load). */
export const latestActorsBackfill = (kind: DialectKind) =>
  `update notifications set latest_actors = ${latestActorsOf(kind, 'notifications.id')}`;

/** The page's order, then every column the page reads of an entry: its rows come from the index alone. */
const pageColumns = [
  'recipient_id',
  'created_at',
  'public_id',
  'type',
  'post_id',
  'comment_id',
  'report_id',
  'actor_count',
  'is_read',
  'latest_actors',
  'id',
];

async function pageIndex(db: Kysely<unknown>, columns: string[]) {
  await db.schema.dropIndex('notifications_recipient_time').execute();
  await db.schema.createIndex('notifications_recipient_time').on('notifications').columns(columns).execute();
}

/**
 * The newest actors of each notification, kept on its row (`latest_actors`): a notifications page
 * names up to three actors per entry, and finding them meant one walk of notification_actors_latest per
 * entry, in a table of millions of rows, most of them a page not in memory (a large part of the
 * page's time: decision 041). Triggers keep the list right whatever adds, moves or removes an actor: a like,
 * a like given again (its time moves), an erased account, a cascade. The page reads the list, drops
 * the actors its recipient may not see and falls back to the walk when fewer than it shows are left
 * (modules/notifications/queries/notifications.ts), so a hidden actor never costs a wrong answer. The page's index
 * (`notifications_recipient_time`) then holds every column the page reads of an entry, the list
 * included: a page's entries are a few neighbouring index rows instead of as many table rows spread
 * over the file. A new actor already moved its entry's index row (its `created_at`); marking entries
 * read now rewrites their index rows too.
 */
export function notificationLatestActors(kind: DialectKind) {
  return {
    async up(db: Kysely<unknown>) {
      await sql`alter table notifications add column latest_actors text`.execute(db);
      await sql.raw(latestActorsBackfill(kind)).execute(db);
      await pageIndex(db, pageColumns);
      await createLatestActorsTriggers(db, kind);
    },
    async down(db: Kysely<unknown>) {
      if (kind === 'postgres') {
        await sql`drop trigger notification_actors_latest_list on notification_actors`.execute(db);
        await sql`drop function spotter_notification_latest_actors()`.execute(db);
      } else {
        for (const name of ['insert', 'update', 'delete'])
          await sql.raw(`drop trigger notification_actors_latest_${name}`).execute(db);
      }
      await pageIndex(db, ['recipient_id', 'created_at', 'public_id']);
      await sql`alter table notifications drop column latest_actors`.execute(db);
    },
  };
}

/** The triggers that keep `latest_actors` (replaced by migration 077's, which also keep the count). */
export async function createLatestActorsTriggers(db: Kysely<unknown>, kind: DialectKind) {
  if (kind === 'postgres') {
    await sql
      .raw(`create function spotter_notification_latest_actors() returns trigger language plpgsql as $$
      declare entry bigint;
      begin
        if tg_op = 'DELETE' then entry := old.notification_id; else entry := new.notification_id; end if;
        update notifications set latest_actors = ${latestActorsOf(kind, 'entry')} where id = entry;
        return null;
      end $$`)
      .execute(db);
    await sql`create trigger notification_actors_latest_list after insert or delete or update of created_at
      on notification_actors for each row execute function spotter_notification_latest_actors()`.execute(db);
  } else {
    for (const [event, row] of [
      ['insert', 'new'],
      ['update of created_at', 'new'],
      ['delete', 'old'],
    ] as const) {
      const name = `notification_actors_latest_${event.split(' ')[0]}`;
      await sql
        .raw(`create trigger ${name} after ${event} on notification_actors for each row
        begin update notifications set latest_actors = ${latestActorsOf(kind, `${row}.notification_id`)}
        where id = ${row}.notification_id; end`)
        .execute(db);
    }
  }
}
