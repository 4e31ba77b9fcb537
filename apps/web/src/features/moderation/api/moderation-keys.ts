import type { ReportStatus } from '@spotter/contract';

/** Every moderation query lives under ['moderation']: an action refreshes the queue and the audit together. */
export const moderationKeys = {
  all: ['moderation'] as const,
  role: ['moderation', 'role'] as const,
  queue: (status: ReportStatus) => ['moderation', 'queue', status] as const,
  audit: ['moderation', 'audit'] as const,
  staff: ['moderation', 'staff'] as const,
  appeals: ['moderation', 'appeals'] as const,
};
