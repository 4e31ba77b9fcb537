import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/dates';
import { errorText } from '../../../lib/error-text';
import { blockedDomainsOptions, useBlockDomain, useUnblockDomain } from '../api/blocked-domains';

/**
 * The instance block list (issue 49): a blocked server's deliveries are refused, nothing is sent to
 * it, and every follow with its people ends. Also the servers whose deliveries failed for 7 days.
 */
export function BlockedServers() {
  const id = useId();
  const { data, status, error } = useQuery(blockedDomainsOptions());
  const block = useBlockDomain();
  const unblock = useUnblockDomain();
  const [domain, setDomain] = useState('');
  const [reason, setReason] = useState('');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      const answer = await block.mutateAsync({ domain: domain.trim(), reason: reason.trim() });
      const ended = answer.endedFollows === 1 ? '1 follow ended' : `${answer.endedFollows} follows ended`;
      toast.success(`${answer.domain.domain} is blocked (${ended}).`);
      setDomain('');
      setReason('');
    } catch (e) {
      toast.error(errorText(e));
    }
  }
  const remove = (name: string) =>
    unblock.mutate(name, {
      onSuccess: () => toast.success(`${name} is no longer blocked.`),
      onError: (e) => toast.error(errorText(e)),
    });

  return (
    <>
      <section aria-labelledby={`${id}-title`} className="moderation__panel">
        <h2 id={`${id}-title`}>Blocked servers</h2>
        <p className="moderation__muted">
          A blocked server (and every subdomain of it) cannot deliver here, is sent nothing, and its people no longer
          follow or are followed by anyone here.
        </p>
        {status === 'pending' && <p role="status">Loading…</p>}
        {status === 'error' && <p role="alert">{errorText(error)}</p>}
        {data && data.domains.length === 0 ? <p>No server is blocked.</p> : null}
        <ul className="moderation__list">
          {data?.domains.map((d) => (
            <li key={d.domain} className="moderation__staff">
              <strong>{d.domain}</strong>
              {d.reason ? <span className="moderation__muted"> — {d.reason}</span> : null}
              <Button size="sm" variant="secondary" onClick={() => remove(d.domain)} aria-label={`Unblock ${d.domain}`}>
                Unblock
              </Button>
            </li>
          ))}
        </ul>
        <form className="moderation__inline-form" onSubmit={onSubmit}>
          <div className="field">
            <label htmlFor={`${id}-domain`}>Domain</label>
            <input
              id={`${id}-domain`}
              value={domain}
              onChange={(e) => setDomain(e.target.value)}
              placeholder="example.com"
              autoComplete="off"
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-reason`}>Reason</label>
            <input id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
          </div>
          <Button type="submit" busy={block.isPending} disabled={domain.trim() === ''}>
            Block server
          </Button>
        </form>
      </section>
      <section aria-labelledby={`${id}-failing`} className="moderation__panel">
        <h2 id={`${id}-failing`}>Failing servers</h2>
        <p className="moderation__muted">Servers whose deliveries were given up on after 7 days without success.</p>
        {data && data.failing.length === 0 ? <p>None.</p> : null}
        <ul className="moderation__list">
          {data?.failing.map((f) => (
            <li key={f.host}>
              <strong>{f.host}</strong>{' '}
              <span className="moderation__muted">
                {f.follows === 1 ? '1 follow' : `${f.follows} follows`} failing since {formatDateTime(f.since)}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
