import type { Session } from '@spotter/contract';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { errorText } from '../../../lib/error-text';
import { useRevokeAllSessions, useRevokeSession, useSessions } from '../api/sessions';
import { describeAgent } from '../lib/describe-agent';

/** Issue 17's sessions: this device, the others (revoke one), and "log out everywhere". */
export function SessionsSection() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  if (sessions.isError) {
    return (
      <p role="alert" className="settings__error">
        {errorText(sessions.error)}
      </p>
    );
  }
  if (!sessions.data) return <p className="settings__muted">Loading your sessions…</p>;
  return (
    <>
      <ul className="settings__list" aria-label="Signed-in devices">
        {sessions.data.map((session) => (
          <SessionItem
            key={session._id}
            session={session}
            busy={revoke.isPending && revoke.variables === session._id}
            onRevoke={() => revoke.mutate(session._id)}
          />
        ))}
      </ul>
      {revoke.isError ? (
        <p role="alert" className="settings__error">
          {errorText(revoke.error)}
        </p>
      ) : null}
      <LogOutEverywhere />
    </>
  );
}

function SessionItem({ session, busy, onRevoke }: { session: Session; busy: boolean; onRevoke: () => void }) {
  // An OAuth app's token (issue 50) is named by its app; a login by its browser or device.
  const device = session.appName ? `${session.appName} (app)` : describeAgent(session.userAgent);
  return (
    <li className="settings__item">
      <div className="settings__item-text">
        <strong>
          {device}
          {session.current ? <span className="settings__badge">This device</span> : null}
        </strong>
        <span className="settings__muted">
          {session.ip || 'Unknown address'} · last seen {formatDateTime(session.lastSeenAt)} · signed in{' '}
          {formatDateTime(session.createdAt)}
        </span>
        {session.userAgent ? <span className="settings__agent">{session.userAgent}</span> : null}
      </div>
      {session.current ? null : (
        <Button
          variant="secondary"
          size="sm"
          busy={busy}
          onClick={onRevoke}
          aria-label={`Revoke ${device}, last seen ${formatDateTime(session.lastSeenAt)}`}
        >
          Revoke
        </Button>
      )}
    </li>
  );
}

/** Ends every session, this one too: asks first, then signs out here. */
function LogOutEverywhere() {
  const [asking, setAsking] = useState(false);
  const revokeAll = useRevokeAllSessions();
  const navigate = useNavigate();
  const confirmId = useId();
  // The question replaces the button that asked it: focus goes to its answer.
  useEffect(() => {
    if (asking) document.getElementById(confirmId)?.focus();
  }, [asking, confirmId]);
  if (!asking) {
    return (
      <div className="settings__actions">
        <Button variant="secondary" onClick={() => setAsking(true)}>
          Log out everywhere
        </Button>
      </div>
    );
  }
  return (
    <fieldset className="settings__confirm">
      <legend>Sign out on every device, this one included?</legend>
      <div className="settings__actions">
        <Button
          id={confirmId}
          variant="danger"
          busy={revokeAll.isPending}
          onClick={() => revokeAll.mutate(undefined, { onSuccess: () => navigate(paths.login, { replace: true }) })}
        >
          Yes, log out everywhere
        </Button>
        <Button variant="ghost" onClick={() => setAsking(false)}>
          Cancel
        </Button>
      </div>
      {revokeAll.isError ? (
        <p role="alert" className="settings__error">
          {errorText(revokeAll.error)}
        </p>
      ) : null}
    </fieldset>
  );
}
