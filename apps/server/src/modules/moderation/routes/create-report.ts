import { apiErrors } from '@spotter/contract';
import { HttpError, notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { fileReport, findReportTarget } from '../queries/reports';

const notFoundMessage = {
  post: apiErrors.postNotFound,
  comment: apiErrors.commentNotFound,
  user: apiErrors.userNotFound,
};

/**
 * POST /api/reports (issue 16): a member reports a post, a comment or an account. Reports of one
 * target gather in one case of the queue; the same person reporting it again changes nothing.
 */
export const createReport: Handler<'createReport'> = async ({ body, user }, ctx) => {
  const { postId, commentId, userId, reason, note } = body.report;
  const target = await findReportTarget(ctx.db, user.id, { postId, commentId, userId });
  if (!target) throw notFound(notFoundMessage[postId ? 'post' : commentId ? 'comment' : 'user']);
  if (target.userId === user.id) throw new HttpError(400, [apiErrors.cannotReportSelf]);
  const report = await fileReport(ctx.db, user.id, target, reason, note ?? '');
  // What is reported on another server reaches its moderators too, the reporter unnamed (decision 102).
  ctx.outbox?.reported(user.id, { type: target.type, publicId: target.publicId }, note ?? '');
  return { report };
};
