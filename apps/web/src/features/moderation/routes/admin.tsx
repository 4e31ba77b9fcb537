import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/document-title';
import { isModerator, useMyRole } from '../api/my-role';
import { AppealList } from '../components/appeal-list';
import { AuditLog } from '../components/audit-log';
import { BlockedServers } from '../components/blocked-servers';
import { PeoplePanel } from '../components/people-panel';
import { ReportQueue } from '../components/report-queue';
import '../../../components/ui/feed-page.css';
import '../components/moderation.css';

const tabs = [
  { id: 'open', label: 'Open reports' },
  { id: 'resolved', label: 'Resolved' },
  { id: 'appeals', label: 'Appeals' },
  { id: 'audit', label: 'Audit log' },
  { id: 'people', label: 'People' },
  { id: 'servers', label: 'Blocked servers' },
] as const;
type Tab = (typeof tabs)[number]['id'];

/**
 * /admin (issue 16), for moderators and admins: the report queue with each reported thing in
 * context and the three actions, what was resolved (a suspension can be lifted there), the audit
 * log of every moderator action, suspended people's appeals (issue 47), and people: recovery links, and (admins) who moderates.
 */
export function AdminRoute() {
  useDocumentTitle('Moderation');
  const role = useMyRole();
  const [tab, setTab] = useState<Tab>('open');
  if (!isModerator(role)) {
    return (
      <div className="feed-page">
        <h1 className="feed-page__title">Moderation</h1>
        <p>This page is for the moderators of this server.</p>
      </div>
    );
  }
  return (
    <div className="feed-page moderation">
      <h1 className="feed-page__title">Moderation</h1>
      <nav aria-label="Moderation sections" className="moderation__tabs">
        {tabs.map((t) => (
          <Button
            key={t.id}
            size="sm"
            variant={tab === t.id ? 'primary' : 'secondary'}
            aria-pressed={tab === t.id}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </Button>
        ))}
      </nav>
      {tab === 'open' || tab === 'resolved' ? <ReportQueue status={tab} /> : null}
      {tab === 'appeals' ? <AppealList /> : null}
      {tab === 'audit' ? <AuditLog /> : null}
      {tab === 'people' ? <PeoplePanel isAdmin={role === 'admin'} /> : null}
      {tab === 'servers' ? <BlockedServers /> : null}
    </div>
  );
}
