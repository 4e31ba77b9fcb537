import { sql, type Transaction } from 'kysely';
import { chunks } from '../../../db/chunks';
import type { Db } from '../../../db/database';
import { listArgs, oneOf, prepared } from '../../../db/prepared';
import type { DatabaseSchema, Key } from '../../../db/schema';

type Trx = Transaction<DatabaseSchema>;

/**
 * Takes a person out of the entries they are an actor of, inside the caller's transaction (an
 * erasure: every entry they caused).
 */
export async function removeActorFromEntries(db: Db, trx: Trx, actorId: Key, entryIds: readonly Key[]) {
  for (const part of chunks(entryIds)) {
    await trx
      .deleteFrom('notification_actors')
      .where('actor_id', '=', actorId)
      .where('notification_id', 'in', part)
      .execute();
    await settleEntries(db, trx, part);
  }
}

/**
 * What a taken-back action told goes with it (as on Mastodon, Bluesky and Instagram): a like taken
 * back leaves the post's like entries (all its author's: a like tells no one else), a boost taken back
 * (`Undo(Announce)`, issue 49) its boost entries the same way, an unfollow the
 * followed person's follow entries, read or not. One statement finds and removes the actor's rows:
 * from the post's few entries (notifications_post) for a like; from the actor's own rows
 * (notification_actors_actor) for a follow, since a read follow entry has no key to find it by and
 * a well-followed person's entries outnumber what one follower caused. True when an entry changed
 * (its recipient's unread count may have: modules/notifications/notify.ts, publishUnreadCount). Every
 * statement here is prepared once: one runs with every unlike.
 */
export async function retractNotification(
  db: Db,
  trx: Trx,
  retraction: { actorId: Key } & ({ type: 'like' | 'boost'; postId: Key } | { type: 'follow'; recipientId: Key }),
): Promise<boolean> {
  const removed =
    retraction.type === 'follow'
      ? await removeFollowActor(db, 'follow', { actor: retraction.actorId, recipient: retraction.recipientId }, trx)
      : await removePostActor(db, retraction.type, { actor: retraction.actorId, post: retraction.postId }, trx);
  await settleEntries(
    db,
    trx,
    removed.map((row) => row.notification_id),
  );
  return removed.length > 0;
}

/** A like's (or a boost's: the shape is the entry's type) actor row, from the post's few entries. */
const removePostActor = prepared((db: Db, args: { actor: Key; post: Key }, type: 'like' | 'boost') =>
  db.kysely
    .deleteFrom('notification_actors')
    .where('actor_id', '=', args.actor)
    .where('notification_id', 'in', (eb) =>
      eb
        .selectFrom('notifications')
        .select('notifications.id')
        .where('notifications.post_id', '=', args.post)
        .where('notifications.type', '=', type),
    )
    .returning('notification_id'),
);

const removeFollowActor = prepared((db: Db, args: { actor: Key; recipient: Key }) =>
  db.kysely
    .deleteFrom('notification_actors')
    .where('actor_id', '=', args.actor)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('notifications')
          .select('notifications.id')
          .whereRef('notifications.id', '=', 'notification_actors.notification_id')
          .where('notifications.recipient_id', '=', args.recipient)
          .where('notifications.type', '=', 'follow'),
      ),
    )
    .returning('notification_id'),
);

/** A retraction settles an entry or two, an erasure hundreds: lists of up to 4 keep their length, longer ones go by 100. */
const shortList = 4;
const longList = 100;

/**
 * Entries that have just lost an actor. Their `actor_count` has already gone down with the actor's row
 * (migration 077's trigger): one left at none is deleted; one that keeps others ("A and 2 others
 * liked your post") takes the time of its newest remaining actor, so it sorts where it would had the
 * removed actor never acted. The kept list of newest actors follows by trigger (migration 076).
 * A list longer than `shortList` goes in parts of `longList`, the last filled up with its own last key
 * (twice in an `in` list is once), so that each statement has few shapes.
 */
async function settleEntries(db: Db, trx: Trx, entryIds: readonly Key[]) {
  for (const part of chunks(entryIds, entryIds.length <= shortList ? shortList : longList)) {
    const length = part.length <= shortList ? part.length : longList;
    const last = part[part.length - 1];
    const args = listArgs('id', [...part, ...Array.from({ length: length - part.length }, () => last)]);
    const emptied = await deleteEmptied(db, String(length), args, trx);
    if (emptied.length < part.length) await retimeEntries(db, String(length), args, trx);
  }
}

const deleteEmptied = prepared((db: Db, args: Record<string, unknown>, shape: string) =>
  db.kysely
    .deleteFrom('notifications')
    .where(oneOf(db, 'id', args, 'id', Number(shape)))
    .where('actor_count', '=', 0)
    .returning('id'),
);

const retimeEntries = prepared((db: Db, args: Record<string, unknown>, shape: string) =>
  db.kysely
    .updateTable('notifications')
    .set({
      created_at: sql<string>`(select max(created_at) from notification_actors where notification_id = notifications.id)`,
    })
    .where(oneOf(db, 'id', args, 'id', Number(shape))),
);
