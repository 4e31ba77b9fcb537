import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { DatabaseSchema, Key } from '../db/schema';
import { chunks } from './chunks';
import { prepared } from './prepared';

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

// What a taken-back action told goes with it (as on Mastodon, Bluesky and Instagram): a like taken
// back leaves the post's like entries (all its author's: a like tells no one else), an unfollow the
// followed person's follow entries, read or not. One statement finds and removes the actor's rows.
// Both answer true when an entry changed (its recipient's unread count may have:
// notifications/notify.ts, publishUnreadCount).

/**
 * A like taken back: the actor's rows among the post's few entries (notifications_post). Prepared
 * once: it runs with every unlike.
 */
export async function retractLikeNotification(db: Db, trx: Trx, like: { actorId: Key; postId: Key }): Promise<boolean> {
  const removed = await removeLikeActor(db, 'like', { actor: like.actorId, post: like.postId }, trx);
  return settleRemoved(trx, removed);
}

const removeLikeActor = prepared((db: Db, args: { actor: Key; post: Key }) =>
  db.kysely
    .deleteFrom('notification_actors')
    .where('actor_id', '=', args.actor)
    .where('notification_id', 'in', (eb) =>
      eb
        .selectFrom('notifications')
        .select('notifications.id')
        .where('notifications.post_id', '=', args.post)
        .where('notifications.type', '=', 'like'),
    )
    .returning('notification_id'),
);

/**
 * An unfollow: found from the actor's own rows (notification_actors_actor), since a read follow
 * entry has no key to find it by and a well-followed person's entries outnumber what one follower caused.
 */
export async function retractFollowNotification(
  trx: Trx,
  follow: { actorId: Key; recipientId: Key },
): Promise<boolean> {
  const removed = await trx
    .deleteFrom('notification_actors')
    .where('actor_id', '=', follow.actorId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('notifications')
          .select('notifications.id')
          .whereRef('notifications.id', '=', 'notification_actors.notification_id')
          .where('notifications.recipient_id', '=', follow.recipientId)
          .where('notifications.type', '=', 'follow'),
      ),
    )
    .returning('notification_id')
    .execute();
  return settleRemoved(trx, removed);
}

async function settleRemoved(trx: Trx, removed: readonly { notification_id: Key }[]): Promise<boolean> {
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
