import type { ReactNode } from 'react';
import { useCapabilities } from '../../../lib/capabilities';
import { useDocumentTitle } from '../../../lib/document-title';
import { DeleteSection } from '../components/delete-section';
import { EmailSection } from '../components/email-section';
import { ExportSection } from '../components/export-section';
import { FollowRequestsSection } from '../components/follow-requests-section';
import { PasswordSection } from '../components/password-section';
import { PreferencesSection } from '../components/preferences-section';
import { SecurityLogSection } from '../components/security-log-section';
import { SessionsSection } from '../components/sessions-section';
import { TwoFactorSection } from '../components/two-factor-section';
import './settings.css';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="settings__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * /settings (issues 16 and 17): the member's preferences, password, sessions and own data.
 * `importWorkouts`: the training log's import button (issue 46), which the app gives it.
 */
export function SettingsRoute({ importWorkouts }: { importWorkouts?: ReactNode } = {}) {
  useDocumentTitle('Settings');
  const capabilities = useCapabilities();
  return (
    <div className="settings">
      <h1 className="settings__title">Settings</h1>
      <Section id="settings-preferences" title="Posts and training">
        <PreferencesSection />
      </Section>
      <Section id="settings-follow-requests" title="Follow requests">
        <FollowRequestsSection />
      </Section>
      <Section id="settings-password" title="Change password">
        <PasswordSection />
      </Section>
      <Section id="settings-two-factor" title="Two-factor sign-in">
        <TwoFactorSection />
      </Section>
      {capabilities.email ? (
        <Section id="settings-email" title="Email">
          <EmailSection />
        </Section>
      ) : null}
      <Section id="settings-sessions" title="Sessions">
        <SessionsSection />
      </Section>
      <Section id="settings-security-log" title="Security log">
        <SecurityLogSection />
      </Section>
      {importWorkouts ? (
        <Section id="settings-import" title="Import workouts">
          <p>Bring your history from Strong or Hevy: export a CSV there, then pick it here.</p>
          <div className="settings__actions">{importWorkouts}</div>
        </Section>
      ) : null}
      <Section id="settings-export" title="Export my data">
        <ExportSection />
      </Section>
      <Section id="settings-delete" title="Delete my account">
        <DeleteSection />
      </Section>
    </div>
  );
}
