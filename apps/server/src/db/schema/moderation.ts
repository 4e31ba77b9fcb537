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
  note: string;
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
