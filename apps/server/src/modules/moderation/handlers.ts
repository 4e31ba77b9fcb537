import type { RouteHandlers } from '../../http/add-route';
import { appealQueue } from './routes/appeal-queue';
import { appealSuspension } from './routes/appeal-suspension';
import { auditLog } from './routes/audit-log';
import { createReport } from './routes/create-report';
import { reportQueue } from './routes/report-queue';
import { resetLink } from './routes/reset-link';
import { resolveReport } from './routes/resolve-report';
import { restoreComment } from './routes/restore-comment';
import { restorePost } from './routes/restore-post';
import { setRole } from './routes/set-role';
import { staff } from './routes/staff';
import { unsuspendUser } from './routes/unsuspend-user';

/** The handlers of the moderation module's routes, for the registry (http/handlers.ts). */
export const moderationHandlers = {
  appealQueue,
  appealSuspension,
  auditLog,
  createReport,
  reportQueue,
  resetLink,
  resolveReport,
  restoreComment,
  restorePost,
  setRole,
  staff,
  unsuspendUser,
} satisfies RouteHandlers;
