import { z } from 'zod';
import {
  appealMaxLength,
  auditActions,
  moderationNoteMaxLength,
  reportActions,
  reportReasons,
  reportStatuses,
  reportTargetTypes,
  roles,
  suspensionMaxDays,
} from '../constants';
import { apiErrors } from '../messages';
import { id, newPassword, password, timestamp } from './fields';
import { pageQuerySchema } from './pages';
import { userSummarySchema } from './users';

const note = z.string().trim().max(moderationNoteMaxLength, `must be at most ${moderationNoteMaxLength} characters`);

/** POST /api/reports: exactly one of postId, commentId, userId (issue 16). */
export const createReportBodySchema = z.object({
  report: z
    .object({
      postId: id.optional(),
      commentId: id.optional(),
      userId: id.optional(),
      reason: z.enum(reportReasons),
      note: note.optional(),
    })
    .refine((r) => [r.postId, r.commentId, r.userId].filter((v) => v !== undefined).length === 1, {
      message: apiErrors.reportOneTarget.replace(/^report: /, ''),
    }),
});
export type CreateReportBody = z.input<typeof createReportBodySchema>;

/** The reporter's own report, as they made it. */
export const myReportSchema = z.object({
  _id: id,
  target: z.object({ type: z.enum(reportTargetTypes), _id: id }),
  reason: z.enum(reportReasons),
  note: z.string(),
  createdAt: timestamp,
});
export const myReportResponseSchema = z.object({ report: myReportSchema });
export type MyReport = z.infer<typeof myReportSchema>;

/** What was reported, as the queue shows it: enough to judge it in context. */
export const reportTargetSchema = z.object({
  type: z.enum(reportTargetTypes),
  _id: id,
  /** The post's or comment's text (cut), or the account's name and bio. */
  excerpt: z.string(),
  /** Who wrote it (the account itself for a reported account). */
  author: userSummarySchema,
  /** The post a comment is on, to read it in its thread. */
  postId: id.optional(),
  /** The post's picture or video, if any. */
  image: z.string().optional(),
  /** The content was removed, or the account is suspended. */
  removed: z.boolean(),
});

/** Every report of one target, grouped: one entry of the moderation queue. */
export const reportCaseSchema = z.object({
  _id: id,
  target: reportTargetSchema,
  /** The latest reporters (at most 3); `count` is all of them. */
  reporters: z.array(userSummarySchema),
  reasons: z.array(z.enum(reportReasons)),
  /** The reporters' notes that are not empty, newest first (at most 3). */
  notes: z.array(z.string()),
  count: z.number().int(),
  status: z.enum(reportStatuses),
  /** Set once resolved. */
  action: z.enum(reportActions).optional(),
  resolvedAt: timestamp.optional(),
  createdAt: timestamp,
});
export type ReportCase = z.infer<typeof reportCaseSchema>;

export const reportQueueQuerySchema = pageQuerySchema.extend({ status: z.enum(reportStatuses).default('open') });
export const reportQueueSchema = z.object({ reports: z.array(reportCaseSchema), nextCursor: z.string().nullable() });
export type ReportQueue = z.infer<typeof reportQueueSchema>;

export const reportIdParamsSchema = z.object({ reportId: id });
/**
 * A resolution takes a reason (issue 47): one of the report reasons, `other` with a note saying why.
 * Without one, the case's own most reported reason is taken (docs/decisions/087-moderation-reasons-and-appeals.md).
 * The reason and the note are told to the author of removed content and to a suspended person.
 * A suspension lasts `suspendDays` days and then ends by itself; without them, until a moderator
 * lifts it (docs/decisions/099-suspensions-end-by-themselves.md).
 */
export const resolveReportBodySchema = z
  .object({
    action: z.enum(reportActions),
    reason: z.enum(reportReasons).optional(),
    note: note.optional(),
    suspendDays: z
      .number()
      .int('must be a whole number of days')
      .min(1, 'must be at least 1')
      .max(suspensionMaxDays, `must be at most ${suspensionMaxDays}`)
      .optional(),
  })
  .refine((b) => b.reason !== 'other' || (b.note ?? '') !== '', { message: apiErrors.reasonNeedsNote })
  .refine((b) => b.suspendDays === undefined || b.action === 'suspend_user', {
    message: apiErrors.suspendDaysOnlyForSuspension,
  });
export type ResolveReportBody = z.infer<typeof resolveReportBodySchema>;
export const reportCaseResponseSchema = z.object({ report: reportCaseSchema });

/** A person as moderators see them: their role and whether they are suspended. */
export const moderatedUserSchema = userSummarySchema.extend({
  role: z.enum(roles),
  suspendedAt: timestamp.nullable(),
});
export type ModeratedUser = z.infer<typeof moderatedUserSchema>;
export const moderatedUserResponseSchema = z.object({ user: moderatedUserSchema });

/** What a restore brought back: the post or comment, and the post to open it on. */
export const restoredContentSchema = z.object({
  type: z.enum(['post', 'comment']),
  _id: id,
  /** The post itself, or the post the comment is on. */
  postId: id,
  author: userSummarySchema,
});
export type RestoredContent = z.infer<typeof restoredContentSchema>;
export const restoredContentResponseSchema = z.object({ restored: restoredContentSchema });

/** Admins grant and revoke moderator; admin itself is granted from the command line only. */
export const setRoleBodySchema = z.object({ role: z.enum(['member', 'moderator']) });

export const staffQuerySchema = pageQuerySchema;
export const staffPageSchema = z.object({ users: z.array(moderatedUserSchema), nextCursor: z.string().nullable() });

/** The signed-in person's role (the web app shows /admin to moderators and admins). */
export const myRoleSchema = z.object({ role: z.enum(roles) });

/** One moderator action. `moderator` is null for the command line (or a deleted account). */
export const auditEntrySchema = z.object({
  _id: id,
  action: z.enum(auditActions),
  moderator: userSummarySchema.nullable(),
  /** The person acted on (the author of removed content, the suspended account, ...), if still there. */
  subject: userSummarySchema.nullable(),
  /** The report case it resolved, if any. */
  reportId: id.nullable(),
  target: z.object({ type: z.enum(reportTargetTypes), _id: id }).nullable(),
  /** Why (a resolution's reason, issue 47); null for the actions that take none. */
  reason: z.enum(reportReasons).nullable(),
  note: z.string(),
  /** A suspension's length in days; null when indefinite (or not a suspension). */
  suspendDays: z.number().int().nullable(),
  createdAt: timestamp,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditQuerySchema = pageQuerySchema;
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;

/** A one-time, one-hour account-recovery link (the token is in the fragment: never sent to a server log). */
export const resetLinkSchema = z.object({ url: z.string(), expiresAt: timestamp });
export const resetLinkResponseSchema = z.object({ link: resetLinkSchema });
export type ResetLink = z.infer<typeof resetLinkSchema>;

export const resetPasswordBodySchema = z.object({ token: z.string().min(1).max(200), newPassword });
export const passwordResetResponseSchema = z.object({ passwordReset: z.literal(true) });

/**
 * What a suspended person is told when they log in (issue 47): the login's 403 keeps the spec's
 * sentence in `errors` and carries this beside it as `suspension`.
 */
export const suspensionSchema = z.object({
  reason: z.enum(reportReasons).nullable(),
  /** The moderator's words, if any. */
  note: z.string(),
  since: timestamp,
  /** When it ends by itself; null: until the moderators lift it. */
  until: timestamp.nullable(),
  /** The person has sent their one appeal of this suspension. */
  appealed: z.boolean(),
});
export type Suspension = z.infer<typeof suspensionSchema>;

/** POST /api/auth/appeal: the person proves who they are as at login (they hold no token). */
export const appealBodySchema = z.object({
  username: z.string().trim().min(1, 'is required').max(30),
  password,
  message: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(appealMaxLength, `must be at most ${appealMaxLength} characters`),
});
export type AppealBody = z.infer<typeof appealBodySchema>;
export const appealSchema = z.object({ _id: id, message: z.string(), createdAt: timestamp });
export const appealResponseSchema = z.object({ appeal: appealSchema });

/** One appeal in the moderators' queue: from a person still suspended, with the suspension's reason. */
export const queuedAppealSchema = appealSchema.extend({
  user: moderatedUserSchema,
  suspension: suspensionSchema.pick({ reason: true, note: true, since: true }),
});
export type QueuedAppeal = z.infer<typeof queuedAppealSchema>;
export const appealQueueQuerySchema = pageQuerySchema;
export const appealQueueSchema = z.object({ appeals: z.array(queuedAppealSchema), nextCursor: z.string().nullable() });
export type AppealQueue = z.infer<typeof appealQueueSchema>;
