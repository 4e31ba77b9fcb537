import { sql, type Transaction } from 'kysely';
import type { DatabaseSchema, Key } from '../db/schema';
import { chunks } from './chunks';

type Trx = Transaction<DatabaseSchema>;

/**
 * Takes a person out of the entries they are an actor of, inside the caller's transaction (an
 * erasure: every entry they caused).
 */
export async function removeActorFromEntries(trx: Trx, actorId: Key, entryIds: readonly Key[]) {
  for (const part of chunks(entryIds)) {
    await trx
      .deleteFrom('notification_actors')
      .where('actor_id', '=', actorId)
      .where('notification_id', 'in', part)
      .execute();
    await settleEntries(trx, part);
  }
}

/**
 * What a taken-back action told goes with it (as on Mastodon, Bluesky and Instagram): a like taken
 * back leaves the post's like entries (all its author's: a like tells no one else), an unfollow the
 * followed person's follow entries, read or not. One statement finds and removes the actor's rows:
 * from the post's few entries (notifications_post) for a like; from the actor's own rows
 * (notification_actors_actor) for a follow, since a read follow entry has no key to find it by and
 * a well-followed person's entries outnumber what one follower caused. True when an entry changed
 * (its recipient's unread count may have: notifications/notify.ts, publishUnreadCount).
 */
export async function retractNotification(
  trx: Trx,
  retraction: { actorId: Key } & ({ type: 'like'; postId: Key } | { type: 'follow'; recipientId: Key }),
): Promise<boolean> {
  const removing = trx.deleteFrom('notification_actors').where('actor_id', '=', retraction.actorId);
  const removed = await (retraction.type === 'like'
    ? removing.where('notification_id', 'in', (eb) =>
        eb
          .selectFrom('notifications')
          .select('notifications.id')
          .where('notifications.post_id', '=', retraction.postId)
          .where('notifications.type', '=', 'like'),
      )
    : removing.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('notifications')
            .select('notifications.id')
            .whereRef('notifications.id', '=', 'notification_actors.notification_id')
            .where('notifications.recipient_id', '=', retraction.recipientId)
            .where('notifications.type', '=', 'follow'),
        ),
      )
  )
    .returning('notification_id')
    .execute();
  for (const part of chunks(removed.map((row) => row.notification_id))) await settleEntries(trx, part);
  return removed.length > 0;
}

/**
 * Entries that have just lost an actor. Their `actor_count` has already gone down with the actor's row
 * (migration 077's trigger): one left at none is deleted; one that keeps others ("A and 2 others
 * liked your post") takes the time of its newest remaining actor, so it sorts where it would had the
 * removed actor never acted. The kept list of newest actors follows by trigger (migration 076).
 */
async function settleEntries(trx: Trx, entryIds: readonly Key[]) {
  if (entryIds.length === 0) return;
  const emptied = await trx
    .deleteFrom('notifications')
    .where('id', 'in', entryIds)
    .where('actor_count', '=', 0)
    .executeTakeFirst();
  if (Number(emptied.numDeletedRows) === entryIds.length) return;
  await trx
    .updateTable('notifications')
    .set({
      created_at: sql<string>`(select max(created_at) from notification_actors where notification_id = notifications.id)`,
    })
    .where('id', 'in', entryIds)
    .execute();
}
