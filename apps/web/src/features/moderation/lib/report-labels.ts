import type { AuditAction, ReportAction, ReportReason, ReportTargetType } from '@spotter/contract';

/** The reasons as the Report dialog names them, in the contract's order. */
export const reasonLabels: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  harassment: 'Harassment or hate',
  nudity: 'Nudity or sexual content',
  violence: 'Violence or threats',
  self_harm: 'Self-harm or suicide',
  other: 'Something else',
};

export const targetLabels: Record<ReportTargetType, string> = { post: 'post', comment: 'comment', user: 'account' };

export const actionLabels: Record<ReportAction, string> = {
  dismiss: 'Dismiss',
  remove_content: 'Remove',
  suspend_user: 'Suspend author',
};

export const auditLabels: Record<AuditAction, string> = {
  dismiss: 'dismissed a report',
  remove_content: 'removed content',
  suspend_user: 'suspended',
  unsuspend: 'lifted the suspension of',
  restore_content: 'restored',
  grant_moderator: 'made moderator',
  revoke_moderator: 'made member',
  grant_admin: 'made admin',
  revoke_admin: 'revoked admin of',
  reset_link: 'made a recovery link for',
};
