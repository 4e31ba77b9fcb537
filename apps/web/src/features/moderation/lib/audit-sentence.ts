import type { AuditEntry, UserSummary } from '@spotter/contract';
import { reasonLabels } from './report-labels';

/** A piece of an audit sentence: words, or a person (shown as their @handle, linking to the profile). */
export type SentencePart = string | { person: UserSummary };

const who = (user: UserSummary | null): SentencePart => (user ? { person: user } : 'a deleted account');

/** "a post by @tom", "a comment by @tom", "the account @tom", or the person alone. */
function what(entry: AuditEntry): SentencePart[] {
  const subject = who(entry.subject);
  if (entry.target?.type === 'post') return ['a post by ', subject];
  if (entry.target?.type === 'comment') return ['a comment by ', subject];
  if (entry.target?.type === 'user') return ['the account ', subject];
  return [subject];
}

/** " for 7 days", " for 1 day", or " indefinitely" (decision 099). */
const suspensionLength = (days: number | null) =>
  days === null ? ' indefinitely' : ` for ${days} ${days === 1 ? 'day' : 'days'}`;

/**
 * One audit entry as a sentence (issue 47, item 4): "@mia removed a post by @troll_tom. Reason: Spam
 * or advertising. Note: “ad”" The server's operator is who acted from the command line.
 */
export function auditSentence(entry: AuditEntry): SentencePart[] {
  const actor: SentencePart = entry.moderator ? { person: entry.moderator } : 'The server’s operator';
  const subject = who(entry.subject);
  const body: Record<AuditEntry['action'], SentencePart[]> = {
    dismiss: [' dismissed the report of ', ...what(entry)],
    remove_content: [' removed ', ...what(entry)],
    restore_content: [' restored ', ...what(entry)],
    suspend_user: [' suspended ', subject, suspensionLength(entry.suspendDays)],
    unsuspend: [' lifted the suspension of ', subject],
    grant_moderator: [' made ', subject, ' a moderator'],
    revoke_moderator: [' made ', subject, ' a member again (no longer a moderator)'],
    grant_admin: [' made ', subject, ' an admin'],
    revoke_admin: [' made ', subject, ' no longer an admin'],
    reset_link: [' made an account-recovery link for ', subject],
  };
  const parts: SentencePart[] = [actor, ...body[entry.action], '.'];
  if (entry.reason) parts.push(` Reason: ${reasonLabels[entry.reason]}.`);
  if (entry.note) parts.push(` Note: “${entry.note}”`);
  return parts;
}

/** The sentence as plain text (@handles for people): for labels and tests. */
export const auditText = (entry: AuditEntry) =>
  auditSentence(entry)
    .map((part) => (typeof part === 'string' ? part : `@${part.person.username}`))
    .join('');
