import { useId, type ReactNode } from 'react';
import { isAdmin, useSession } from '../../../shared/session';
import container from '../../../shared/ui/container.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { ChangePasswordSection } from '../components/ChangePasswordSection';
import { SecurityEventsSection } from '../components/SecurityEventsSection';
import { SessionsSection } from '../components/SessionsSection';
import { TwoFactorSection } from '../components/TwoFactorSection';
import { useTwoFactorStatus } from '../hooks/use-settings';
import styles from '../../../shared/ui/account-page.module.css';

function Section({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section id={id} className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * /settings, the account's security page (the account menu's Settings): password, two-factor, sessions
 * and recent security events. An admin without two-factor sees only that section until it is on: the
 * server refuses them everything else.
 */
export function SettingsPage() {
  useDocumentTitle('Settings');
  const { user } = useSession();
  const status = useTwoFactorStatus();
  const mustEnrol = isAdmin(user) && status.data?.enabled === false;
  const ready = !isAdmin(user) || status.data?.enabled === true;
  return (
    <div className={`${container.container} ${styles.page}`}>
      <h1 className={styles.title}>Settings</h1>
      {ready && (
        <Section title="Change password">
          <ChangePasswordSection />
        </Section>
      )}
      <Section id="two-factor" title="Two-factor authentication">
        <TwoFactorSection required={mustEnrol} />
      </Section>
      {ready && (
        <>
          <Section title="Sessions">
            <SessionsSection />
          </Section>
          <Section title="Recent security events">
            <SecurityEventsSection />
          </Section>
        </>
      )}
    </div>
  );
}
