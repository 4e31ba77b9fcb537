import type { ReportReason } from './constants';

/** The report reasons as people read them: the Report dialog, a resolution's reason, the suspended screen. */
export const reportReasonLabels: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  harassment: 'Harassment or hate',
  nudity: 'Nudity or sexual content',
  violence: 'Violence or threats',
  self_harm: 'Self-harm or suicide',
  other: 'Something else',
};

/**
 * What a suspended person reads after the spec's sentence when they log in (issue 47): why, until
 * when, and how to appeal (one message to the moderators per suspension).
 */
export const suspensionTexts = {
  title: 'Your account is suspended',
  why: 'Why',
  since: 'Since',
  until: 'Until',
  untilLifted: 'Until the moderators lift it',
  appealHow: 'You may appeal once: write to the moderators below. If they lift the suspension, you can log in again.',
  appealLabel: 'Your appeal to the moderators',
  appealEmpty: 'Write your appeal first.',
  send: 'Send appeal',
  sent: 'Your appeal was sent: the moderators will read it. If they lift the suspension, you can log in again.',
  back: 'Back to login',
} as const;
