import { Link, useSearchParams } from 'react-router-dom';
import { ROUTES } from '../../../shared/routes';
import { useSession } from '../../../shared/session';
import { Alert } from '../../../shared/ui/Alert';
import container from '../../../shared/ui/container.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { ClientDocumentsPanel } from '../../documents/components/ClientDocumentsPanel';
import styles from '../components/Admin.module.css';
import { Tabs, type Tab } from '../../../shared/ui/Tabs';
import { AuditLogPanel } from '../components/AuditLogPanel';
import { InboxPanel } from '../components/InboxPanel';
import { InviteCodesPanel } from '../components/InviteCodesPanel';
import { QueueDashboardButton } from '../components/QueueDashboardButton';
import { SubmissionsPanel } from '../components/SubmissionsPanel';
import { isAdmin } from '../../../shared/session';
import { INVITE_MESSAGES } from '../invite-codes';

type TabKey = 'invite-codes' | 'submissions' | 'inbox' | 'client-documents' | 'audit-log' | 'other-settings';

const TABS: readonly Tab<TabKey>[] = [
  { key: 'invite-codes', label: 'Manage Invite-codes', render: () => <InviteCodesPanel /> },
  { key: 'submissions', label: 'Submitted Questionnaires', render: () => <SubmissionsPanel /> },
  { key: 'inbox', label: 'Inbox', render: () => <InboxPanel /> },
  { key: 'client-documents', label: 'Client Documents', render: () => <ClientDocumentsPanel /> },
  { key: 'audit-log', label: 'Audit log', render: () => <AuditLogPanel /> },
  {
    key: 'other-settings',
    label: 'Other Settings',
    render: () => <p className={styles.muted}>Other settings will appear here.</p>,
  },
];

/**
 * /admin (spec part 1, sections 2 and 6), behind the sign-in guard. Only user_type 99 sees the panel;
 * anyone else signed in is told they lack access (the server refuses their calls with 403 anyway).
 */
export function AdminPage() {
  useDocumentTitle('Admin');
  const { user } = useSession();
  // The tab is in the address (?tab=inbox), so the staff mail can link straight to the inbox.
  const [params, setParams] = useSearchParams();
  const tab = TABS.find(({ key }) => key === params.get('tab'))?.key ?? 'invite-codes';
  const setTab = (key: TabKey) => setParams({ tab: key }, { replace: true });

  return (
    <div className={`${container.container} ${styles.page}`}>
      <div className={styles.panelHead}>
        <h1 className={styles.title}>Admin</h1>
        {isAdmin(user) && <QueueDashboardButton />}
      </div>
      {isAdmin(user) ? (
        <Tabs<TabKey> tabs={TABS} selected={tab} onSelect={setTab} label="Admin sections" />
      ) : (
        <div className={styles.stack}>
          <Alert tone="error">{INVITE_MESSAGES.noAccess}</Alert>
          <p className={styles.muted}>
            The admin panel is for the firm&apos;s administrators. <Link to={ROUTES.profile}>Go to your profile</Link>
          </p>
        </div>
      )}
    </div>
  );
}
