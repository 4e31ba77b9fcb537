import crypto from 'node:crypto';
import type { QueuedAppeal, ReportReason, Suspension } from '@spotter/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import type { Key } from '../../../db/schema';
import { isoOf, nowIso, toApiTimestamp } from '../../../db/time';
import { toModeratedUser } from './moderation';
import { lockPerson, shiftContributions } from './moderation-counts';

/** The reason and note of a person's latest suspension, as an expression over `users.id` (the audit log keeps them). */
const latestSuspension = (column: 'reason' | 'note') =>
  sql<string | null>`(select ${sql.ref(`ma.${column}`)} from moderation_actions ma
    where ma.subject_id = users.id and ma.action = 'suspend_user' order by ma.id desc limit 1)`;

/**
 * What a suspended person is told when they log in (issue 47): why (the reason and note of the
 * moderator's latest suspension), since when, until when (null: until a moderator lifts it), and
 * whether their one appeal of this suspension is sent.
 */
export async function suspensionOf(db: Db, userId: Key): Promise<Suspension | undefined> {
  const row = await db.kysely
    .selectFrom('users')
    .leftJoin('suspension_appeals', (join) =>
      join
        .onRef('suspension_appeals.user_id', '=', 'users.id')
        .onRef('suspension_appeals.suspended_at', '=', 'users.suspended_at'),
    )
    .select([
      'users.suspended_at',
      'users.suspended_until',
      'suspension_appeals.id as appeal_id',
      latestSuspension('reason').as('reason'),
      latestSuspension('note').as('note'),
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row?.suspended_at) return undefined;
  return {
    reason: (row.reason as ReportReason | null) ?? null,
    note: row.note ?? '',
    since: toApiTimestamp(row.suspended_at),
    until: row.suspended_until ? toApiTimestamp(row.suspended_until) : null,
    appealed: row.appeal_id !== null,
  };
}

/** Whether a suspension with this end is over at `now` (an indefinite one never is). */
export const suspensionEnded = (until: string | Date | null, now = new Date()) =>
  until !== null && Date.parse(isoOf(until)) <= now.getTime();

/**
 * Ends a suspension whose time has passed (decision 099): no job does it; the places that check a
 * person's suspension for them (login, the appeal, a client's sign-in) call this first. As a
 * moderator's lift does, what the person gave others counts again, once (the row changes only while
 * its end is still there and past). Answers whether it ended the suspension now.
 */
export async function liftEndedSuspension(db: Db, userId: Key, now = new Date()): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    await lockPerson(trx, db.kind === 'postgres', userId);
    const lifted = await trx
      .updateTable('users')
      .set({ suspended_at: null, suspended_until: null, updated_at: now.toISOString() })
      .where('id', '=', userId)
      .where('suspended_at', 'is not', null)
      .where('suspended_until', '<=', now.toISOString())
      .executeTakeFirst();
    if (Number(lifted.numUpdatedRows) === 0) return false;
    await shiftContributions(trx, db.kind === 'postgres', userId, +1);
    return true;
  });
}

/**
 * Stores a suspended person's appeal: once per suspension (the unique key on the person and the
 * suspension's `suspended_at` decides, even between two requests at once). 'already' when one was sent.
 */
export async function fileAppeal(
  db: Db,
  user: { id: Key; suspendedAt: string },
  message: string,
): Promise<{ _id: string; message: string; createdAt: string } | 'already'> {
  const publicId = crypto.randomUUID();
  const createdAt = nowIso();
  const inserted = await db.kysely
    .insertInto('suspension_appeals')
    .values({ public_id: publicId, user_id: user.id, suspended_at: user.suspendedAt, message, created_at: createdAt })
    .onConflict((oc) => oc.columns(['user_id', 'suspended_at']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return 'already';
  return { _id: publicId, message, createdAt: toApiTimestamp(createdAt) };
}

/** The moderators' queue of appeals: those of people still under the suspension appealed, newest first. */
export async function appealPage(db: Db, limit: number, before: Key | undefined) {
  let query = db.kysely
    .selectFrom('suspension_appeals')
    .innerJoin('users', (join) =>
      join
        .onRef('users.id', '=', 'suspension_appeals.user_id')
        .onRef('users.suspended_at', '=', 'suspension_appeals.suspended_at'),
    )
    .select([
      'suspension_appeals.id',
      'suspension_appeals.public_id as appeal_public_id',
      'suspension_appeals.message',
      'suspension_appeals.created_at as appeal_created_at',
      'users.public_id',
      'users.username',
      'users.firstname',
      'users.lastname',
      'users.avatar_url',
      'users.role',
      'users.suspended_at',
      latestSuspension('reason').as('reason'),
      latestSuspension('note').as('note'),
    ]);
  if (before !== undefined) query = query.where('suspension_appeals.id', '<', before);
  const rows = await query
    .orderBy('suspension_appeals.id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const appeals: QueuedAppeal[] = page.map((row) => ({
    _id: row.appeal_public_id,
    message: row.message,
    createdAt: toApiTimestamp(row.appeal_created_at),
    user: toModeratedUser(row),
    suspension: {
      reason: (row.reason as ReportReason | null) ?? null,
      note: row.note ?? '',
      since: toApiTimestamp(row.suspended_at ?? row.appeal_created_at),
    },
  }));
  return { appeals, next: rows.length > limit ? page.at(-1)?.id : undefined };
}
