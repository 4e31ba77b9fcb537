import type { ReportAction, ReportCase, ReportStatus } from '@spotter/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { Button } from '../../../components/ui/button';
import { MoreButton } from '../../../components/ui/more-button';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { errorText } from '../../../lib/error-text';
import { reportQueueOptions, useResolveReport, useUnsuspend } from '../api/admin';
import { actionLabels, reasonLabels, targetLabels } from '../lib/report-labels';
import { Handle } from './handle';
import { ResolveDialog } from './resolve-dialog';
import { RestoreButton } from './restore-button';

/** One status of the queue: a case per reported thing, newest first. */
export function ReportQueue({ status }: { status: ReportStatus }) {
  const queue = useInfiniteQuery(reportQueueOptions(status));
  const { data, status: loading, error } = queue;
  const cases = data?.pages.flatMap((p) => p.reports) ?? [];
  return (
    <section aria-label={status === 'open' ? 'Open reports' : 'Resolved reports'}>
      {loading === 'pending' && <p role="status">Loading reports…</p>}
      {loading === 'error' && <p role="alert">{error.message}</p>}
      {loading === 'success' && cases.length === 0 && (
        <p>{status === 'open' ? 'Nothing to review: the queue is empty.' : 'No report was resolved yet.'}</p>
      )}
      <ul className="moderation__list">
        {cases.map((c) => (
          <li key={c._id}>
            <ReportCaseCard report={c} />
          </li>
        ))}
      </ul>
      <MoreButton pages={queue}>More reports</MoreButton>
    </section>
  );
}

const outcomeText: Record<ReportAction, string> = {
  dismiss: 'Dismissed',
  remove_content: 'Content removed',
  suspend_user: 'Author suspended',
};

function ReportCaseCard({ report }: { report: ReportCase }) {
  const [asking, setAsking] = useState<ReportAction | null>(null);
  const resolve = useResolveReport({
    onSuccess: ({ action }) => {
      setAsking(null);
      toast.success(`${outcomeText[action]}. The reporters are told.`);
    },
    onError: (e) => toast.error(errorText(e)),
  });
  const unsuspend = useUnsuspend({
    onSuccess: () => toast.success(`@${report.target.author.username} may log in again.`),
    onError: (e) => toast.error(errorText(e)),
  });
  const { target } = report;
  const kind = targetLabels[target.type];
  const context =
    target.type === 'post'
      ? paths.post(target._id)
      : target.type === 'comment' && target.postId
        ? paths.post(target.postId)
        : paths.profile(target.author.username);
  const actions: ReportAction[] =
    target.type === 'user' ? ['dismiss', 'suspend_user'] : ['dismiss', 'remove_content', 'suspend_user'];

  return (
    <article
      className="moderation__case"
      aria-label={`Report of a ${kind} by @${target.author.username}`}
      data-testid="report-case"
    >
      <header className="moderation__case-head">
        <span className="moderation__badge">{kind}</span>
        <span>
          by <Handle user={target.author} />
        </span>
        <span className="moderation__muted">
          {report.count} {report.count === 1 ? 'report' : 'reports'} · {formatDateTime(report.createdAt)}
        </span>
      </header>
      <blockquote className="moderation__excerpt">
        {target.excerpt || <em>(no text)</em>}
        {target.image ? <span className="moderation__muted"> · with a photo or video</span> : null}
      </blockquote>
      <p>
        <Link to={context}>See it in context</Link>
        {target.removed ? (
          <span className="moderation__muted"> · {target.type === 'user' ? 'suspended' : 'removed'}</span>
        ) : null}
      </p>
      <p>
        <strong>Reasons:</strong> {report.reasons.map((r) => reasonLabels[r]).join(', ')}
      </p>
      <p>
        <strong>Reported by:</strong>{' '}
        {report.reporters.map((r, i) => (
          <span key={r._id}>
            {i > 0 ? ', ' : ''}
            <Handle user={r} />
          </span>
        ))}
        {report.count > report.reporters.length ? ` and ${report.count - report.reporters.length} more` : ''}
      </p>
      {report.notes.length > 0 && (
        <ul className="moderation__notes" aria-label="Reporters' notes">
          {report.notes.map((note) => (
            <li key={note}>“{note}”</li>
          ))}
        </ul>
      )}
      {report.status === 'open' ? (
        <div className="moderation__actions">
          {actions.map((action) => (
            <Button
              key={action}
              size="sm"
              variant={action === 'dismiss' ? 'secondary' : 'danger'}
              disabled={resolve.isPending}
              onClick={() => setAsking(action)}
            >
              {actionLabels[action]}
            </Button>
          ))}
          {asking ? (
            <ResolveDialog
              report={report}
              action={asking}
              busy={resolve.isPending}
              onCancel={() => setAsking(null)}
              onConfirm={(choice) => resolve.mutate({ reportId: report._id, ...choice })}
            />
          ) : null}
        </div>
      ) : (
        <p className="moderation__muted">
          {report.action ? outcomeText[report.action] : 'Resolved'}
          {report.resolvedAt ? ` · ${formatDateTime(report.resolvedAt)}` : ''}{' '}
          {report.action === 'suspend_user' && target.removed ? (
            <Button
              size="sm"
              variant="secondary"
              busy={unsuspend.isPending}
              onClick={() => unsuspend.mutate(target.type === 'user' ? target._id : target.author._id)}
            >
              Lift suspension
            </Button>
          ) : null}
          {report.action === 'remove_content' && target.removed && target.type !== 'user' ? (
            <RestoreButton target={{ type: target.type, id: target._id, author: target.author.username }} />
          ) : null}
        </p>
      )}
    </article>
  );
}
