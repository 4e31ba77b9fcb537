import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { DatabaseSchema, Key } from '../../db/schema';
import { type About, unreadRecipients } from './queries/notification-recipients';
import {
  addReportNotification,
  notificationEvent,
  type Recorded,
  recordActionIn,
  unreadCount,
} from './queries/notifications';
import type { Action } from './who-is-told';

/**
 * Sends an entry recorded inside the action's own transaction (a like's, modules/social/queries/likes.ts) to its
 * recipient's open streams; a failure to record or send it is logged, never turned into a failed action.
 */
export async function publishRecorded(
  ctx: AppContext,
  recipientId: Key,
  recorded: Recorded,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    if (recorded.notificationError !== undefined) throw recorded.notificationError;
    if (recorded.notificationId !== undefined) await publishEntry(ctx, recipientId, recorded.notificationId);
  } catch (error) {
    log.warn({ err: error }, 'notification not recorded');
  }
}

/**
 * The notifications of one action, recorded in its own transaction (`record`: who is told is the
 * rule's, who-is-told.ts; each entry under its savepoint, queries/notifications.ts) and sent to their
 * recipients' streams after it commits (`publish`; a failure to record one is logged then).
 */
export function notificationsOfAction(ctx: AppContext) {
  const recorded: { recipientId: Key; outcome: Recorded }[] = [];
  return {
    async record(trx: Transaction<DatabaseSchema>, action: Action): Promise<void> {
      recorded.push(...(await recordActionIn(ctx.db, trx, action)));
    },
    async publish(log: FastifyBaseLogger): Promise<void> {
      for (const { recipientId, outcome } of recorded) await publishRecorded(ctx, recipientId, outcome, log);
    },
  };
}

/** Tells each reporter of a case what the moderators did (issue 16), on their open streams too. */
export async function notifyReporters(
  ctx: AppContext,
  reporters: Key[],
  reportId: Key,
  log: FastifyBaseLogger,
): Promise<void> {
  for (const recipientId of reporters) {
    try {
      await publishEntry(ctx, recipientId, await addReportNotification(ctx.db, recipientId, reportId));
    } catch (error) {
      log.warn({ err: error }, 'report outcome not recorded');
    }
  }
}

/** Tells the author of a post or comment the moderators removed that it was removed, and why (issue 47). */
export async function notifyOfRemoval(
  ctx: AppContext,
  authorId: Key,
  reportId: Key,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    await publishEntry(ctx, authorId, await addReportNotification(ctx.db, authorId, reportId, 'content_removed'));
  } catch (error) {
    log.warn({ err: error }, 'removal notice not recorded');
  }
}

async function publishEntry(ctx: AppContext, recipientId: Key, id: Key): Promise<void> {
  if (!ctx.notifications.reaches(recipientId)) return;
  const event = await notificationEvent(ctx.db, recipientId, id);
  if (event) await ctx.notifications.publish(recipientId, event);
}

/**
 * Tells a person's open streams their new unread count when it changed with no new entry (a like
 * taken back, an unfollow, everything marked read elsewhere, an entry gone with what it was about, a
 * block or mute that hides some); a failure is logged, the action stands.
 */
export async function publishUnreadCount(ctx: AppContext, recipientId: Key, log: FastifyBaseLogger): Promise<void> {
  if (!ctx.notifications.reaches(recipientId)) return;
  try {
    await ctx.notifications.publish(recipientId, { unreadCount: await unreadCount(ctx.db, recipientId) });
  } catch (error) {
    log.warn({ err: error }, 'unread count not sent');
  }
}

/** publishUnreadCount for each of several people (those whose entries a deletion took: modules/notifications/queries/notification-recipients.ts). */
export async function publishUnreadCounts(
  ctx: AppContext,
  recipients: readonly Key[],
  log: FastifyBaseLogger,
): Promise<void> {
  for (const recipientId of recipients) await publishUnreadCount(ctx, recipientId, log);
}

/**
 * After a change that hides entries or shows them again without deleting them (a moderator's removal
 * or restoration, a suspension or its lifting): whoever has an unread entry matching `abouts`, but
 * `except` (the suspended person, whose streams are closed), hears their new count.
 */
export async function publishUnreadCountsAbout(
  ctx: AppContext,
  abouts: readonly About[],
  log: FastifyBaseLogger,
  except?: Key,
): Promise<void> {
  try {
    const recipients = await unreadRecipients(ctx.db.kysely, abouts);
    await publishUnreadCounts(
      ctx,
      recipients.filter((person) => person !== except),
      log,
    );
  } catch (error) {
    log.warn({ err: error }, 'unread counts not sent');
  }
}
