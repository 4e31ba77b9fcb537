import type { SecurityEvent } from '@spotter/contract';
import { MoreButton } from '../../../components/ui/more-button';
import { formatDateTime } from '../../../lib/dates';
import { errorText } from '../../../lib/error-text';
import { useSecurityLog } from '../api/sessions';
import { describeAgent } from '../lib/describe-agent';

const kinds: Record<SecurityEvent['kind'], string> = {
  'login-failed': 'Failed login',
  'password-changed': 'Password changed',
  'sessions-revoked': 'Logged out everywhere',
  'two-factor-failed': 'Wrong two-factor code',
  'two-factor-enabled': 'Two-factor sign-in turned on',
  'two-factor-disabled': 'Two-factor sign-in turned off',
  'recovery-code-used': 'Logged in with a recovery code',
};

/** Failed logins, password changes and "log out everywhere", newest first, ten at a time. */
export function SecurityLogSection() {
  const log = useSecurityLog();
  if (log.isError) {
    return (
      <p role="alert" className="settings__error">
        {errorText(log.error)}
      </p>
    );
  }
  if (!log.data) return <p className="settings__muted">Loading your security log…</p>;
  const events = log.data.pages.flatMap((page) => page.events);
  if (events.length === 0) return <p className="settings__muted">Nothing yet: no failed login, no password change.</p>;
  return (
    <>
      <ul className="settings__list" aria-label="Security events">
        {events.map((event) => (
          <li key={`${event.at}-${event.kind}-${event.ip}`} className="settings__item">
            <div className="settings__item-text">
              <strong>{kinds[event.kind]}</strong>
              <span className="settings__muted">
                {formatDateTime(event.at)} · {event.ip || 'Unknown address'} · {describeAgent(event.userAgent)}
              </span>
            </div>
          </li>
        ))}
      </ul>
      {log.hasNextPage ? (
        <div className="settings__actions">
          <MoreButton pages={log}>Show more</MoreButton>
        </div>
      ) : null}
    </>
  );
}
