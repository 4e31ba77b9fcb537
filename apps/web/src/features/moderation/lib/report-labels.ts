import { type ReportAction, type ReportTargetType, reportReasonLabels } from '@spotter/contract';

/** The reasons as the Report dialog names them, in the contract's order. */
export const reasonLabels = reportReasonLabels;

export const targetLabels: Record<ReportTargetType, string> = { post: 'post', comment: 'comment', user: 'account' };

export const actionLabels: Record<ReportAction, string> = {
  dismiss: 'Dismiss',
  remove_content: 'Remove',
  suspend_user: 'Suspend author',
};
