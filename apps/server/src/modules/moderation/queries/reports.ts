import crypto from 'node:crypto';
import {
  excerptLength,
  excerptOf,
  type MyReport,
  type ReportCase,
  type ReportReason,
  type ReportStatus,
  type ReportTargetType,
  reportReasons,
} from '@spotter/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import type { Key } from '../../../db/schema';
import { nowIso, toApiTimestamp } from '../../../db/time';
import { toUserSummary } from '../../accounts';
import { commentVisibleTo, postVisibleTo } from '../../safety';

/** What a report names, found from its public id: its key, its author, and its case key. */
export interface ReportTarget {
  type: ReportTargetType;
  postId: Key | null;
  commentId: Key | null;
  userId: Key;
  publicId: string;
  key: string;
}

/**
 * The target of a report as the reporter names it, or undefined when there is no such thing for
 * them: removed content and suspended accounts are not reported again, and a post or comment the
 * visibility rule hides from the reporter is as unknown as one that does not exist (issue 45,
 * finding 8: a 201 told a stranger that a private post exists, and a moderator's own report of a
 * post they could not see opened it to them through the moderators' exception).
 */
export async function findReportTarget(
  db: Db,
  reporterId: Key,
  ids: { postId?: string; commentId?: string; userId?: string },
): Promise<ReportTarget | undefined> {
  if (ids.postId !== undefined) {
    const row = await db.kysely
      .selectFrom('posts')
      .select(['id', 'author_id'])
      .where('public_id', '=', ids.postId)
      .where(postVisibleTo(reporterId))
      .executeTakeFirst();
    return (
      row && {
        type: 'post',
        postId: row.id,
        commentId: null,
        userId: row.author_id,
        publicId: ids.postId,
        key: `post:${row.id}`,
      }
    );
  }
  if (ids.commentId !== undefined) {
    const row = await db.kysely
      .selectFrom('comments')
      .innerJoin('posts', 'posts.id', 'comments.post_id')
      .select(['comments.id', 'comments.author_id', 'comments.post_id'])
      .where('comments.public_id', '=', ids.commentId)
      .where(commentVisibleTo(reporterId))
      .where(postVisibleTo(reporterId))
      .executeTakeFirst();
    return (
      row && {
        type: 'comment',
        postId: row.post_id,
        commentId: row.id,
        userId: row.author_id,
        publicId: ids.commentId,
        key: `comment:${row.id}`,
      }
    );
  }
  const row = await db.kysely
    .selectFrom('users')
    .select('id')
    .where('public_id', '=', ids.userId ?? '')
    .where('suspended_at', 'is', null)
    .executeTakeFirst();
  return (
    row && {
      type: 'user',
      postId: null,
      commentId: null,
      userId: row.id,
      publicId: ids.userId ?? '',
      key: `user:${row.id}`,
    }
  );
}

/**
 * Files a person's report: it joins the target's open case (or opens one). A person reports a
 * target once: a repeat answers the first report and changes nothing (the unique index on
 * reporter and target decides, even between two requests at once).
 */
export async function fileReport(
  db: Db,
  reporterId: Key,
  target: ReportTarget,
  reason: ReportReason,
  note: string,
): Promise<MyReport> {
  const mine = () =>
    db.kysely
      .selectFrom('report_entries')
      .select(['public_id', 'reason', 'note', 'created_at'])
      .where('reporter_id', '=', reporterId)
      .where('target_key', '=', target.key)
      .executeTakeFirst();
  const answer = (row: NonNullable<Awaited<ReturnType<typeof mine>>>): MyReport => ({
    _id: row.public_id,
    target: { type: target.type, _id: target.publicId },
    reason: row.reason,
    note: row.note,
    createdAt: toApiTimestamp(row.created_at),
  });
  const existing = await mine();
  if (existing) return answer(existing);
  const now = nowIso();
  await db.kysely.transaction().execute(async (trx) => {
    // Opens the case, or finds the open one (the partial unique index makes two first reports meet).
    await trx
      .insertInto('reports')
      .values({
        public_id: crypto.randomUUID(),
        target_type: target.type,
        target_key: target.key,
        post_id: target.postId,
        comment_id: target.commentId,
        target_user_id: target.userId,
        status: 'open',
        report_count: 0,
        created_at: now,
      })
      // The literal (not a parameter) lets both databases match the partial index's predicate.
      .onConflict((oc) => oc.column('target_key').where(sql<boolean>`status = 'open'`).doNothing())
      .execute();
    const open = await trx
      .selectFrom('reports')
      .select('id')
      .where('target_key', '=', target.key)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    const inserted = await trx
      .insertInto('report_entries')
      .values({
        public_id: crypto.randomUUID(),
        report_id: open.id,
        reporter_id: reporterId,
        target_key: target.key,
        reason,
        note,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['reporter_id', 'target_key']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) {
      await trx
        .updateTable('reports')
        .set((eb) => ({ report_count: eb('report_count', '+', 1) }))
        .where('id', '=', open.id)
        .execute();
    }
  });
  const row = await mine();
  if (!row) throw new Error('the report was not stored');
  return answer(row);
}

/** The columns of a case with what it is about, for the queue and the resolve answer. */
const cases = (db: Db) =>
  db.kysely
    .selectFrom('reports')
    .innerJoin('users as author', 'author.id', 'reports.target_user_id')
    .leftJoin('posts', 'posts.id', 'reports.post_id')
    .leftJoin('comments', 'comments.id', 'reports.comment_id')
    .leftJoin('posts as comment_post', 'comment_post.id', 'comments.post_id')
    .select([
      'reports.id',
      'reports.public_id',
      'reports.target_type',
      'reports.status',
      'reports.action',
      'reports.resolved_at',
      'reports.report_count',
      'reports.created_at',
      'author.public_id as author_public_id',
      'author.username as author_username',
      'author.firstname as author_firstname',
      'author.lastname as author_lastname',
      'author.avatar_url as author_avatar_url',
      'author.bio as author_bio',
      'author.suspended_at as author_suspended_at',
      'posts.public_id as post_public_id',
      'posts.content as post_content',
      'posts.image as post_image',
      'posts.removed_at as post_removed_at',
      'comments.public_id as comment_public_id',
      'comments.content as comment_content',
      'comments.removed_at as comment_removed_at',
      'comment_post.public_id as comment_post_public_id',
    ]);
type CaseRow = Awaited<ReturnType<ReturnType<typeof cases>['executeTakeFirstOrThrow']>>;

/** The latest reporters, reasons and notes of each case, by one windowed query. */
async function reportersOf(db: Db, ids: Key[]) {
  const byCase = new Map<Key, { reporters: ReportCase['reporters']; reasons: Set<ReportReason>; notes: string[] }>();
  if (ids.length === 0) return byCase;
  const ranked = db.kysely
    .selectFrom('report_entries')
    .select([
      'report_id',
      'reporter_id',
      'reason',
      'note',
      sql<number>`row_number() over (partition by report_id order by id desc)`.as('rank'),
    ])
    .where('report_id', 'in', ids)
    .as('ranked');
  const rows = await db.kysely
    .selectFrom(ranked)
    .innerJoin('users', 'users.id', 'ranked.reporter_id')
    .select([
      'ranked.report_id',
      'ranked.rank',
      'ranked.reason',
      'ranked.note',
      'users.public_id',
      'users.username',
      'users.firstname',
      'users.lastname',
      'users.avatar_url',
    ])
    // Every reason counts; names and notes only of the latest few.
    .orderBy('ranked.report_id')
    .orderBy('ranked.rank')
    .execute();
  for (const row of rows) {
    const entry = byCase.get(row.report_id) ?? { reporters: [], reasons: new Set(), notes: [] };
    entry.reasons.add(row.reason);
    if (Number(row.rank) <= 3) {
      entry.reporters.push(toUserSummary(row));
      if (row.note !== '') entry.notes.push(row.note);
    }
    byCase.set(row.report_id, entry);
  }
  return byCase;
}

function toCase(row: CaseRow, extra: Awaited<ReturnType<typeof reportersOf>>): ReportCase {
  const author = toUserSummary({
    public_id: row.author_public_id,
    username: row.author_username,
    firstname: row.author_firstname,
    lastname: row.author_lastname,
    avatar_url: row.author_avatar_url,
  });
  const type = row.target_type;
  const target: ReportCase['target'] =
    type === 'post'
      ? {
          type,
          _id: row.post_public_id ?? '',
          excerpt: excerptOf(row.post_content ?? '', excerptLength * 4),
          author,
          ...(row.post_image ? { image: row.post_image } : {}),
          removed: row.post_removed_at !== null,
        }
      : type === 'comment'
        ? {
            type,
            _id: row.comment_public_id ?? '',
            excerpt: excerptOf(row.comment_content ?? '', excerptLength * 4),
            author,
            postId: row.comment_post_public_id ?? '',
            removed: row.comment_removed_at !== null,
          }
        : {
            type,
            _id: row.author_public_id,
            excerpt: excerptOf(`${row.author_firstname} ${row.author_lastname}: ${row.author_bio}`, excerptLength * 4),
            author,
            removed: row.author_suspended_at !== null,
          };
  const more = extra.get(row.id);
  return {
    _id: row.public_id,
    target,
    reporters: more?.reporters ?? [],
    reasons: [...(more?.reasons ?? [])],
    notes: more?.notes ?? [],
    count: Number(row.report_count),
    status: row.status,
    ...(row.action ? { action: row.action } : {}),
    ...(row.resolved_at ? { resolvedAt: toApiTimestamp(row.resolved_at) } : {}),
    createdAt: toApiTimestamp(row.created_at),
  };
}

/** One page of the queue: the cases of one status, newest first, through reports_status_id. */
export async function reportQueuePage(
  db: Db,
  status: ReportStatus,
  limit: number,
  before: Key | undefined,
): Promise<{ reports: ReportCase[]; next: Key | undefined }> {
  let query = cases(db).where('reports.status', '=', status);
  if (before !== undefined) query = query.where('reports.id', '<', before);
  const rows = await query
    .orderBy('reports.id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const extra = await reportersOf(
    db,
    page.map((r) => r.id),
  );
  return { reports: page.map((r) => toCase(r, extra)), next: rows.length > limit ? page.at(-1)?.id : undefined };
}

export async function reportCaseByKey(db: Db, id: Key): Promise<ReportCase | undefined> {
  const row = await cases(db).where('reports.id', '=', id).executeTakeFirst();
  return row ? toCase(row, await reportersOf(db, [id])) : undefined;
}

export const findReportCase = (db: Db, publicId: string) =>
  db.kysely.selectFrom('reports').selectAll().where('public_id', '=', publicId).executeTakeFirst();

/** Everyone who reported a case: each is told the outcome. */
export async function reportersOfCase(db: Db, reportId: Key): Promise<Key[]> {
  const rows = await db.kysely
    .selectFrom('report_entries')
    .select('reporter_id')
    .where('report_id', '=', reportId)
    .execute();
  return rows.map((r) => r.reporter_id);
}

/** The reason most of a case's reporters gave (the first of the contract's order on a tie): a resolution's reason when the moderator names none. */
export async function mostReportedReason(db: Db, reportId: Key): Promise<ReportReason> {
  const rows = await db.kysely
    .selectFrom('report_entries')
    .select(['reason', (eb) => eb.fn.countAll<number>().as('count')])
    .where('report_id', '=', reportId)
    .groupBy('reason')
    .execute();
  const order = (reason: ReportReason) => reportReasons.indexOf(reason);
  rows.sort((a, b) => Number(b.count) - Number(a.count) || order(a.reason) - order(b.reason));
  return rows[0]?.reason ?? 'other';
}
