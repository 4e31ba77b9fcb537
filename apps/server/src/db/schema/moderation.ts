import type { AuditAction, ReportAction, ReportReason, ReportStatus, ReportTargetType } from '@spotter/contract';
import type { Key, KeyColumn } from './keys';
import type { Timestamp } from './timestamp';

/** A reported target's case: every report of it while open, resolved once by a moderator. */
export interface ReportsTable {
  id: KeyColumn;
  public_id: string;
  target_type: ReportTargetType;
  /** `post:<id>`, `comment:<id>` or `user:<id>`: one open case per target (a partial unique index). */
  target_key: string;
  post_id: Key | null;
  comment_id: Key | null;
  /** The reported account, or the author of the reported post or comment. */
  target_user_id: Key;
  status: ReportStatus;
  action: ReportAction | null;
  resolved_by: Key | null;
  resolved_at: Timestamp | null;
  report_count: number;
  /** The resolution's reason and the moderator's note (migration 120; null before it). */
  resolution_reason: ReportReason | null;
  resolution_note: string | null;
  created_at: Timestamp;
}

/** One person's report of one target (once, ever). */
export interface ReportEntriesTable {
  id: KeyColumn;
  public_id: string;
  report_id: Key;
  reporter_id: Key;
  target_key: string;
  reason: ReportReason;
  note: string;
  created_at: Timestamp;
}

/** The audit log: every moderator action (moderator_id null: the command line). */
export interface ModerationActionsTable {
  id: KeyColumn;
  public_id: string;
  action: AuditAction;
  moderator_id: Key | null;
  subject_id: Key | null;
  report_id: Key | null;
  target_type: ReportTargetType | null;
  target_public_id: string | null;
  /** A resolution's reason (migration 120); null for other actions. */
  reason: ReportReason | null;
  note: string;
  /** The days a suspension was given (migration 138); null: indefinitely, or not a suspension. */
  suspend_days: number | null;
  created_at: Timestamp;
}

/** An account-recovery link: only the SHA-256 of its token is kept. */
export interface PasswordResetsTable {
  id: KeyColumn;
  user_id: Key;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** A suspended person's appeal: one per suspension (its `suspended_at`). */
export interface SuspensionAppealsTable {
  id: KeyColumn;
  public_id: string;
  user_id: Key;
  suspended_at: Timestamp;
  message: string;
  created_at: Timestamp;
}
