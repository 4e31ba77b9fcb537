import crypto from 'node:crypto';
import type {
  AuditAction,
  AuditEntry,
  ModeratedUser,
  ReportAction,
  ReportReason,
  ReportTargetType,
  Role,
  UserSummary,
} from '@spotter/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../../db/database';
import type { DatabaseSchema, Key, UserRow } from '../../../db/schema';
import { nowIso, toApiTimestamp } from '../../../db/time';
import { type SummaryRow, toUserSummary } from '../../accounts';
import {
  lockPerson,
  removeCommentCounted,
  removePostCounted,
  restoreCommentCounted,
  restorePostCounted,
  shiftContributions,
} from './moderation-counts';

export interface AuditRecord {
  action: AuditAction;
  /** null: the command line. */
  moderatorId: Key | null;
  subjectId: Key | null;
  reportId?: Key | null;
  target?: { type: ReportTargetType; publicId: string } | null;
  reason?: ReportReason | null;
  note?: string;
  /** A suspension's days (null or absent: indefinitely). */
  suspendDays?: number | null;
}

/** Writes one entry of the audit log (in the caller's transaction when given one). */
export async function recordModeratorAction(k: Kysely<DatabaseSchema>, entry: AuditRecord): Promise<void> {
  await k
    .insertInto('moderation_actions')
    .values({
      public_id: crypto.randomUUID(),
      action: entry.action,
      moderator_id: entry.moderatorId,
      subject_id: entry.subjectId,
      report_id: entry.reportId ?? null,
      target_type: entry.target?.type ?? null,
      target_public_id: entry.target?.publicId ?? null,
      reason: entry.reason ?? null,
      note: entry.note ?? '',
      suspend_days: entry.suspendDays ?? null,
      created_at: nowIso(),
    })
    .execute();
}

const dayMs = 24 * 60 * 60 * 1000;

export type ResolveOutcome = 'resolved' | 'already-resolved';

/**
 * Resolves an open case in one transaction: the case is closed, the action applied (content
 * removed: `removed_at` set, the row kept for the audit; account suspended: `suspended_at` set, its
 * token version raised and its sessions ended, so every token stops at the next request on every
 * server), and the action audited. Closing only an open case makes two moderators at once resolve
 * it once.
 */
export async function resolveCase(
  db: Db,
  report: {
    id: Key;
    publicId: string;
    postId: Key | null;
    commentId: Key | null;
    targetUserId: Key;
    type: ReportTargetType;
  },
  action: ReportAction,
  moderatorId: Key,
  why: { reason: ReportReason; note: string; suspendDays?: number },
  targetPublicId: string,
): Promise<ResolveOutcome> {
  return db.kysely.transaction().execute(async (trx) => {
    const now = nowIso();
    const closed = await trx
      .updateTable('reports')
      .set({
        status: 'resolved',
        action,
        resolved_by: moderatorId,
        resolved_at: now,
        resolution_reason: why.reason,
        resolution_note: why.note,
      })
      .where('id', '=', report.id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) === 0) return 'already-resolved';
    if (action === 'remove_content' && report.commentId !== null) {
      // As a suspension does: whether the comment counted depends on its author's suspension, which
      // must not change under this transaction (the case's target is the comment's author).
      await lockPerson(trx, db.kind === 'postgres', report.targetUserId);
      await removeCommentCounted(trx, report.commentId, now);
    } else if (action === 'remove_content' && report.postId !== null) {
      await removePostCounted(trx, report.postId, now);
    } else if (action === 'suspend_user') {
      const until = why.suspendDays ? new Date(Date.parse(now) + why.suspendDays * dayMs).toISOString() : null;
      await suspendInTransaction(trx, db.kind === 'postgres', report.targetUserId, now, until);
    }
    await recordModeratorAction(trx, {
      action,
      moderatorId,
      subjectId: report.targetUserId,
      reportId: report.id,
      target: { type: report.type, publicId: targetPublicId },
      reason: why.reason,
      note: why.note,
      suspendDays: action === 'suspend_user' ? (why.suspendDays ?? null) : null,
    });
    return 'resolved';
  });
}

/**
 * Every token and session ends whether or not the person was suspended already; their follows, likes
 * and comments stop counting only when this suspends them (a second suspension must not count twice).
 */
async function suspendInTransaction(
  trx: Transaction<DatabaseSchema>,
  postgres: boolean,
  userId: Key,
  now: string,
  until: string | null,
) {
  await lockPerson(trx, postgres, userId);
  await trx
    .updateTable('users')
    .set((eb) => ({
      token_version: eb('token_version', '+', 1),
      token_version_reason: 'account_suspended',
      // The latest suspension's end stands, also over one already under way.
      suspended_until: until,
      updated_at: now,
    }))
    .where('id', '=', userId)
    .execute();
  const suspended = await trx
    .updateTable('users')
    .set({ suspended_at: now })
    .where('id', '=', userId)
    .where('suspended_at', 'is', null)
    .executeTakeFirst();
  if (Number(suspended.numUpdatedRows) > 0) await shiftContributions(trx, postgres, userId, -1);
  await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Lifts a suspension: what the person gave others counts again (once, even if two moderators lift it at once). */
export async function unsuspend(db: Db, userId: Key, moderatorId: Key): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await lockPerson(trx, db.kind === 'postgres', userId);
    const lifted = await trx
      .updateTable('users')
      .set({ suspended_at: null, suspended_until: null, updated_at: nowIso() })
      .where('id', '=', userId)
      .where('suspended_at', 'is not', null)
      .executeTakeFirst();
    if (Number(lifted.numUpdatedRows) > 0) await shiftContributions(trx, db.kind === 'postgres', userId, +1);
    await recordModeratorAction(trx, { action: 'unsuspend', moderatorId, subjectId: userId });
  });
}

/** A post or comment to restore: its key, public id and author, as the handler found it. */
export interface RemovedContent {
  type: 'post' | 'comment';
  id: Key;
  publicId: string;
  authorId: Key;
}

/**
 * Restores removed content (decision 048): `removed_at` back to null, the counter it left raised
 * again, and the action audited, naming the case that removed it when there is one. Only a row still
 * removed changes (`where removed_at is not null`): two moderators at once restore it once, the
 * second is answered 'not-removed'. For a comment, the author's row is locked first on PostgreSQL,
 * as a suspension locks it, so that the two do not both count (or both miss) the comment.
 */
export async function restoreContent(
  db: Db,
  content: RemovedContent,
  moderatorId: Key,
): Promise<'restored' | 'not-removed'> {
  return db.kysely.transaction().execute(async (trx) => {
    let author: Key | undefined;
    if (content.type === 'post') {
      author = await restorePostCounted(trx, content.id);
    } else {
      await lockPerson(trx, db.kind === 'postgres', content.authorId);
      author = await restoreCommentCounted(trx, content.id);
    }
    if (author === undefined) return 'not-removed';
    const removedBy = await trx
      .selectFrom('reports')
      .select('id')
      .where(content.type === 'post' ? 'post_id' : 'comment_id', '=', content.id)
      .where('target_type', '=', content.type)
      .where('action', '=', 'remove_content')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    await recordModeratorAction(trx, {
      action: 'restore_content',
      moderatorId,
      subjectId: author,
      reportId: removedBy?.id ?? null,
      target: { type: content.type, publicId: content.publicId },
    });
    return 'restored';
  });
}

/** Sets a person's role; `by` null is the command line. Every change of role is audited. */
export async function setRole(db: Db, userId: Key, role: Role, by: Key | null): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirstOrThrow();
    if (before.role === role) return;
    await trx.updateTable('users').set({ role, updated_at: nowIso() }).where('id', '=', userId).execute();
    const action: AuditAction =
      role === 'admin'
        ? 'grant_admin'
        : role === 'moderator'
          ? 'grant_moderator'
          : before.role === 'admin'
            ? 'revoke_admin'
            : 'revoke_moderator';
    await recordModeratorAction(trx, { action, moderatorId: by, subjectId: userId });
  });
}

/** ADMIN_USERNAMES at start: these existing accounts become admins (unknown names are answered back). */
export async function grantAdmins(db: Db, usernames: string[]): Promise<string[]> {
  const missing: string[] = [];
  for (const name of usernames) {
    const user = await db.kysely
      .selectFrom('users')
      .select(['id', 'role'])
      .where('username_key', '=', name.toLowerCase())
      .executeTakeFirst();
    if (!user) missing.push(name);
    else await setRole(db, user.id, 'admin', null);
  }
  return missing;
}

export const toModeratedUser = (
  row: Pick<UserRow, 'public_id' | 'username' | 'firstname' | 'lastname' | 'avatar_url' | 'role' | 'suspended_at'>,
): ModeratedUser => ({
  ...toUserSummary(row),
  role: row.role,
  suspendedAt: row.suspended_at ? toApiTimestamp(row.suspended_at) : null,
});

/** Moderators and admins, newest key first. */
export async function staffPage(db: Db, limit: number, before: Key | undefined) {
  let query = db.kysely
    .selectFrom('users')
    .select(['id', 'public_id', 'username', 'firstname', 'lastname', 'avatar_url', 'role', 'suspended_at'])
    .where('role', '!=', 'member');
  if (before !== undefined) query = query.where('id', '<', before);
  const rows = await query
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  return { users: page.map(toModeratedUser), next: rows.length > limit ? page.at(-1)?.id : undefined };
}

/** One page of the audit log, newest first (by key). */
export async function auditPage(db: Db, limit: number, before: Key | undefined) {
  let query = db.kysely
    .selectFrom('moderation_actions')
    .leftJoin('users as moderator', 'moderator.id', 'moderation_actions.moderator_id')
    .leftJoin('users as subject', 'subject.id', 'moderation_actions.subject_id')
    .leftJoin('reports', 'reports.id', 'moderation_actions.report_id')
    .select([
      'moderation_actions.id',
      'moderation_actions.public_id',
      'moderation_actions.action',
      'moderation_actions.target_type',
      'moderation_actions.target_public_id',
      'moderation_actions.reason',
      'moderation_actions.note',
      'moderation_actions.suspend_days',
      'moderation_actions.created_at',
      'reports.public_id as report_public_id',
      'moderator.public_id as m_public_id',
      'moderator.username as m_username',
      'moderator.firstname as m_firstname',
      'moderator.lastname as m_lastname',
      'moderator.avatar_url as m_avatar_url',
      'subject.public_id as s_public_id',
      'subject.username as s_username',
      'subject.firstname as s_firstname',
      'subject.lastname as s_lastname',
      'subject.avatar_url as s_avatar_url',
    ]);
  if (before !== undefined) query = query.where('moderation_actions.id', '<', before);
  const rows = await query
    .orderBy('moderation_actions.id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const entries: AuditEntry[] = page.map((row) => ({
    _id: row.public_id,
    action: row.action,
    moderator: joinedPerson(row, 'm_'),
    subject: joinedPerson(row, 's_'),
    reportId: row.report_public_id ?? null,
    target: row.target_type && row.target_public_id ? { type: row.target_type, _id: row.target_public_id } : null,
    reason: row.reason,
    note: row.note,
    suspendDays: row.suspend_days,
    createdAt: toApiTimestamp(row.created_at),
  }));
  return { entries, next: rows.length > limit ? page.at(-1)?.id : undefined };
}

/** A person's summary columns read through a left join, each under the alias prefix `P`. */
type JoinedPerson<P extends string> = { [K in keyof SummaryRow as `${P}${K}`]: SummaryRow[K] | null };

/** The person a left join found under `prefix`, or null when it found none (the command line, an erased account). */
function joinedPerson<P extends string>(row: JoinedPerson<P>, prefix: P): UserSummary | null {
  const column = (name: keyof SummaryRow) => (row as Record<string, string | null>)[`${prefix}${name}`] ?? '';
  if (!column('public_id')) return null;
  return toUserSummary({
    public_id: column('public_id'),
    username: column('username'),
    firstname: column('firstname'),
    lastname: column('lastname'),
    avatar_url: column('avatar_url'),
  });
}
