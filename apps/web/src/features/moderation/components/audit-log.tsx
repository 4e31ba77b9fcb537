import { useInfiniteQuery } from '@tanstack/react-query';
import { MoreButton } from '../../../components/ui/more-button';
import { formatDateTime } from '../../../lib/dates';
import { auditOptions } from '../api/admin';
import { auditLabels, targetLabels } from '../lib/report-labels';
import { Handle } from './handle';

/** Every moderator action, newest first: who did what to whom, and when. */
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
            {e.moderator ? <Handle user={e.moderator} /> : 'The server’s operator'} {auditLabels[e.action]}
            {e.subject ? (
              <>
                {' '}
                {e.target && e.target.type !== 'user' ? `a ${targetLabels[e.target.type]} of ` : ''}
                <Handle user={e.subject} />
              </>
            ) : null}
            {e.note ? <span className="moderation__muted"> — “{e.note}”</span> : null}
          </li>
        ))}
      </ol>
      <MoreButton pages={audit}>Older actions</MoreButton>
    </section>
  );
}
