import { useInfiniteQuery } from '@tanstack/react-query';
import { MoreButton } from '../../../components/ui/more-button';
import { formatDateTime } from '../../../lib/dates';
import { auditOptions } from '../api/admin';
import { auditSentence } from '../lib/audit-sentence';
import { Handle } from './handle';

/** Every moderator action, newest first: a sentence each (who did what to whom, why), and when. */
export function AuditLog() {
  const audit = useInfiniteQuery(auditOptions());
  const { data, status, error } = audit;
  const entries = data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <section aria-label="Audit log">
      {status === 'pending' && <p role="status">Loading the audit log…</p>}
      {status === 'error' && <p role="alert">{error.message}</p>}
      {status === 'success' && entries.length === 0 && <p>No moderator action yet.</p>}
      <ol className="moderation__list moderation__audit">
        {entries.map((e) => (
          <li key={e._id} data-testid="audit-entry">
            <span className="moderation__muted">{formatDateTime(e.createdAt)}</span>{' '}
            {auditSentence(e).map((part, i) =>
              typeof part === 'string' ? (
                part
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: a sentence's parts never move
                <Handle key={i} user={part.person} />
              ),
            )}
          </li>
        ))}
      </ol>
      <MoreButton pages={audit}>Older actions</MoreButton>
    </section>
  );
}
