import { useInfiniteQuery } from '@tanstack/react-query';
import { toast } from 'react-toastify/unstyled';
import { Button } from '../../../components/ui/button';
import { MoreButton } from '../../../components/ui/more-button';
import { formatDateTime } from '../../../lib/dates';
import { errorText } from '../../../lib/error-text';
import { appealQueueOptions, useUnsuspend } from '../api/admin';
import { reasonLabels } from '../lib/report-labels';
import { Handle } from './handle';

/**
 * The appeals of people still suspended (issue 47): one message each per suspension, beside why
 * they were suspended. Lifting the suspension takes the appeal off the list.
 */
export function AppealList() {
  const appeals = useInfiniteQuery(appealQueueOptions());
  const unsuspend = useUnsuspend({
    onSuccess: () => toast.success('The suspension is lifted: they may log in again.'),
    onError: (e) => toast.error(errorText(e)),
  });
  const { data, status, error } = appeals;
  const list = data?.pages.flatMap((p) => p.appeals) ?? [];
  return (
    <section aria-label="Appeals">
      {status === 'pending' && <p role="status">Loading appeals…</p>}
      {status === 'error' && <p role="alert">{error.message}</p>}
      {status === 'success' && list.length === 0 && <p>No appeal is waiting.</p>}
      <ul className="moderation__list">
        {list.map((a) => (
          <li key={a._id} className="moderation__case" data-testid="appeal">
            <p>
              <Handle user={a.user} /> appealed their suspension{' '}
              <span className="moderation__muted">· {formatDateTime(a.createdAt)}</span>
            </p>
            <p className="moderation__muted">
              Suspended {formatDateTime(a.suspension.since)}
              {a.suspension.reason ? ` for: ${reasonLabels[a.suspension.reason]}` : ''}
              {a.suspension.note ? ` (“${a.suspension.note}”)` : ''}
            </p>
            <blockquote className="moderation__excerpt">{a.message}</blockquote>
            <Button
              size="sm"
              variant="secondary"
              busy={unsuspend.isPending && unsuspend.variables === a.user._id}
              onClick={() => unsuspend.mutate(a.user._id)}
            >
              Lift suspension of @{a.user.username}
            </Button>
          </li>
        ))}
      </ul>
      <MoreButton pages={appeals}>More appeals</MoreButton>
    </section>
  );
}
