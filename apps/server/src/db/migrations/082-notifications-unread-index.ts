import { type Kysely, sql } from 'kysely';
import type { DialectKind } from '../database';

/**
 * A person's unread count (`unreadShown`, modules/notifications/queries/notifications.ts: the bell, and every notifications
 * page) counts their unread entries the rule shows. Through `notifications_recipient_time` it walked
 * every entry the person ever had to find the unread ones, far more than are unread, and
 * `notifications_recipient_unread` (recipient_id, is_read) would have found the unread ones but read
 * each row for the rule's columns. This index holds the unread entries only, with every column the
 * rule reads (the entries walked and a count's time before and after, on the bench's SQLite network:
 * docs/performance-log.md, "unread counts from the unread entries", 2026-12-02).
 * It replaces the older index, whose reads (`is_read = 0` with the person) it serves. PostgreSQL keeps
 * the entry's key in it too (SQLite's indexes hold the rowid anyway).
 */
export function notificationsUnreadIndex(kind: DialectKind) {
  const columns = `recipient_id, type, actor_count, post_id, comment_id${kind === 'postgres' ? ', id' : ''}`;
  return {
    async up(db: Kysely<unknown>) {
      await sql`create index notifications_unread on notifications (${sql.raw(columns)}) where is_read = 0`.execute(db);
      await db.schema.dropIndex('notifications_recipient_unread').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema
        .createIndex('notifications_recipient_unread')
        .on('notifications')
        .columns(['recipient_id', 'is_read'])
        .execute();
      await db.schema.dropIndex('notifications_unread').execute();
    },
  };
}
