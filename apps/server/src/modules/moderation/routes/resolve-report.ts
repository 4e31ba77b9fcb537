import { apiErrors, type ReportAction } from '@spotter/contract';
import type { Key } from '../../../db/schema';
import { HttpError, notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { findUserById, identityChanged, requireModerator } from '../../accounts';
import { replaceCommentTags } from '../../conversation';
import {
  type About,
  aboutAccount,
  aboutComment,
  aboutPost,
  announceDeletedPosts,
  notifyOfRemoval,
  notifyReporters,
  postsAboutToGo,
  publishUnreadCountsAbout,
} from '../../notifications';
import { resolveCase } from '../queries/moderation';
import { findReportCase, mostReportedReason, reportCaseByKey, reportersOfCase } from '../queries/reports';

/**
 * POST /api/admin/reports/:reportId/resolve: dismiss, remove the content (kept for the audit,
 * hidden from everyone) or suspend its author (no login, every token stops, open streams end).
 * Every reporter is told the outcome; the author of removed content is told why (the reason given,
 * or the case's most reported one, and the note); the action and its reason go to the audit log.
 * A suspension of `suspendDays` ends by itself then (suspension-end.ts); without, it lasts until lifted.
 */
export const resolveReport: Handler<'resolveReport'> = async ({ params, body, user, request }, ctx) => {
  requireModerator(user);
  const found = await findReportCase(ctx.db, params.reportId);
  if (!found) throw notFound(apiErrors.reportNotFound);
  if (found.status !== 'open') throw new HttpError(409, [apiErrors.reportAlreadyResolved]);
  if (body.action === 'remove_content' && found.target_type === 'user') {
    throw new HttpError(400, [apiErrors.nothingToRemove]);
  }
  if (body.action === 'suspend_user') {
    const target = await findUserById(ctx.db, found.target_user_id);
    if (target && target.role !== 'member') throw new HttpError(403, [apiErrors.cannotSuspendStaff]);
  }
  const before = await reportCaseByKey(ctx.db, found.id);
  const why = {
    reason: body.reason ?? (await mostReportedReason(ctx.db, found.id)),
    note: body.note ?? '',
    ...(body.suspendDays ? { suspendDays: body.suspendDays } : {}),
  };
  // A removed post leaves the client API's streams as a deleted one does (Mastodon's `delete`).
  const going =
    body.action === 'remove_content' && found.comment_id === null && found.post_id !== null
      ? await postsAboutToGo(ctx.db, ctx.notifications, { postId: found.post_id })
      : undefined;
  const outcome = await resolveCase(
    ctx.db,
    {
      id: found.id,
      publicId: found.public_id,
      postId: found.post_id,
      commentId: found.comment_id,
      targetUserId: found.target_user_id,
      type: found.target_type,
    },
    body.action,
    user.id,
    why,
    before?.target._id ?? '',
  );
  if (outcome === 'already-resolved') throw new HttpError(409, [apiErrors.reportAlreadyResolved]);
  await announceDeletedPosts(ctx.notifications, going, request.log);
  if (body.action === 'suspend_user') {
    identityChanged(ctx, found.target_user_id);
    await ctx.notifications.endStreams(found.target_user_id, { reason: 'account_suspended' });
  }
  // What the action hides leaves the unread counts of those it had told.
  const suspended = body.action === 'suspend_user' ? found.target_user_id : undefined;
  await publishUnreadCountsAbout(ctx, entriesHiddenBy(body.action, found), request.log, suspended);
  // A removed comment's hashtags no longer list its post (decision 039).
  if (body.action === 'remove_content' && found.comment_id !== null && found.post_id !== null) {
    await replaceCommentTags(ctx.db, found.comment_id, found.post_id, []);
  }
  await notifyReporters(ctx, await reportersOfCase(ctx.db, found.id), found.id, request.log);
  // The author of removed content is told why (issue 47); the entry names the case, not the moderator.
  if (body.action === 'remove_content') await notifyOfRemoval(ctx, found.target_user_id, found.id, request.log);
  const report = await reportCaseByKey(ctx.db, found.id);
  if (!report) throw notFound(apiErrors.reportNotFound);
  return { report };
};

/** The entries a resolution hides: the suspended account's, or the removed comment's or post's. */
function entriesHiddenBy(
  action: ReportAction,
  found: { target_user_id: Key; comment_id: Key | null; post_id: Key | null },
): About[] {
  if (action === 'suspend_user') return aboutAccount(found.target_user_id);
  if (action !== 'remove_content') return [];
  if (found.comment_id !== null) return [aboutComment(found.comment_id)];
  return found.post_id !== null ? [aboutPost(found.post_id)] : [];
}
