import { sql, type Transaction } from 'kysely';
import type { DatabaseSchema, Key } from '../db/schema';
import { chunks } from './chunks';

type Trx = Transaction<DatabaseSchema>;

/**
 * Takes a person out of the entries they are an actor of, inside the caller's transaction: an entry
 * left with no actor is deleted; one that keeps others ("A and 2 others liked your post") counts
 * them again and takes the time of its newest remaining actor, so it sorts where it would had the
 * removed actor never acted. The kept list of newest actors follows by trigger (migration 076).
 */
export async function removeActorFromEntries(trx: Trx, actorId: Key, entryIds: readonly Key[]) {
  for (const part of chunks(entryIds)) {
    await trx
      .deleteFrom('notification_actors')
      .where('actor_id', '=', actorId)
      .where('notification_id', 'in', part)
      .execute();
    await trx
      .deleteFrom('notifications')
      .where('id', 'in', part)
      .where(({ exists, not, selectFrom }) =>
        not(
          exists(
            selectFrom('notification_actors')
              .select('notification_id')
              .whereRef('notification_actors.notification_id', '=', 'notifications.id'),
          ),
        ),
      )
      .execute();
    await trx
      .updateTable('notifications')
      .set({
        actor_count: sql<number>`(select count(*) from notification_actors where notification_id = notifications.id)`,
        created_at: sql<string>`(select max(created_at) from notification_actors where notification_id = notifications.id)`,
      })
      .where('id', 'in', part)
      .execute();
  }
}

/**
 * What a taken-back action told goes with it (as on Mastodon, Bluesky and Instagram): a like taken
 * back leaves the post author's like entries of that post, an unfollow the followed person's follow
 * entries, read or not. Found through the post's entries (notifications_post) or the recipient's
 * open and read follow entries, then the actor's row by primary key.
 */
export async function retractNotification(
  trx: Trx,
  retraction: { recipientId: Key; actorId: Key } & ({ type: 'like'; postId: Key } | { type: 'follow' }),
) {
  let entries = trx
    .selectFrom('notifications')
    .select('notifications.id')
    .where('notifications.recipient_id', '=', retraction.recipientId)
    .where('notifications.type', '=', retraction.type)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('notification_actors')
          .select('notification_actors.notification_id')
          .whereRef('notification_actors.notification_id', '=', 'notifications.id')
          .where('notification_actors.actor_id', '=', retraction.actorId),
      ),
    );
  if (retraction.type === 'like') entries = entries.where('notifications.post_id', '=', retraction.postId);
  const ids = (await entries.execute()).map((row) => row.id);
  if (ids.length > 0) await removeActorFromEntries(trx, retraction.actorId, ids);
}
